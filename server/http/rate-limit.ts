/**
 * Rate limits. Before authentication, each client address has a bucket of
 * refused authentications: once it is empty, the address is answered 429
 * without its token being checked, so a flood of made-up tokens costs a
 * lookup, not a verification and an audit write each. After authentication,
 * per-actor limits on the routes that cost the most or reach the most data:
 * lists, searches and writes. Each signed-in caller has a bucket per kind of
 * route that refills steadily (`requests` per `seconds`); a request finding it
 * empty is refused with 429 and `Retry-After` (seconds until the next request
 * fits), and the refusal is audited (rate_limited) like every request refused
 * before an operation ran. Reading one record is not limited; signing out never is.
 *
 * The buckets live in a store: this process's memory (one API process, the
 * embedded database), or the database every API process shares
 * (shared-rate-limits.ts), so a limit holds across however many processes
 * answer. The refused-authentication limit asks a shared store only about
 * addresses this process has refused lately: the requests of everyone else
 * cost it nothing.
 */
import type { RequestHandler } from 'express';
import { logError } from '../core/log.ts';
import { HttpProblem } from '../core/problem.ts';

export type RateLimitedKind = 'list' | 'search' | 'write';

export interface RateLimit {
  /** How many requests a caller may make at once, and again every `seconds`. */
  requests: number;
  seconds: number;
}

export type RateLimits = Readonly<Record<RateLimitedKind | 'unauthenticated', RateLimit>>;

/**
 * Generous for a person at a screen (a busy receptionist lists and searches a
 * few times a minute; the outbox sends queued changes one after another and
 * waits on a 429), tight for a script walking the clinic's records.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  list: { requests: 300, seconds: 60 },
  search: { requests: 120, seconds: 60 },
  write: { requests: 300, seconds: 60 },
  // Refused authentications per client address: a person whose session ran out is refused once or twice, then
  // signs in again; sixty a minute is a script. Many devices behind one address share it, so it is generous.
  unauthenticated: { requests: 60, seconds: 60 },
};

const ID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which limit a request counts against, by method and path (relative to /api/v1); null when none. */
export function rateLimitedKind(method: string, path: string): RateLimitedKind | null {
  if (method === 'POST' && path === '/session/logout') return null;
  if ((method === 'POST' || method === 'GET') && path.endsWith('/search')) return 'search';
  if (method !== 'GET' && method !== 'HEAD') return 'write';
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  return ID_SEGMENT.test(last) ? null : 'list';
}

interface Bucket {
  tokens: number;
  at: number;
}

export interface RateLimiter {
  /** Takes one request from `key`'s bucket; 0 when it fits, else the seconds until one would. */
  take(key: string, limit: RateLimit): number;
  /** Like take, without taking: 0 when a request would fit now. */
  peek(key: string, limit: RateLimit): number;
}

/** Where buckets live: a RateLimiter in this process, or one shared through the database. */
export interface RateLimitStore {
  take(key: string, limit: RateLimit): number | Promise<number>;
  peek(key: string, limit: RateLimit): number | Promise<number>;
}

/**
 * A store that cannot be reached lets the request through (and says so in the log): the limits protect the
 * service, and a request that would need the database fails there in any case.
 */
async function orLetThrough(ask: () => number | Promise<number>): Promise<number> {
  try {
    return await ask();
  } catch (error) {
    logError({ event: 'The rate-limit store could not be reached' }, error);
    return 0;
  }
}

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, Bucket>();
  let lastSweep = now();
  /** The bucket of `key` refilled to now (full for a key not seen, or forgotten while full). */
  function refilled(key: string, limit: RateLimit, time: number): Bucket {
    const perMs = limit.requests / (limit.seconds * 1000);
    // Full buckets say nothing: forgotten now and then, so idle callers cost no memory.
    if (time - lastSweep > limit.seconds * 1000) {
      for (const [name, bucket] of buckets) {
        if (bucket.tokens + (time - bucket.at) * perMs >= limit.requests) buckets.delete(name);
      }
      lastSweep = time;
    }
    const bucket = buckets.get(key) ?? { tokens: limit.requests, at: time };
    bucket.tokens = Math.min(limit.requests, bucket.tokens + (time - bucket.at) * perMs);
    bucket.at = time;
    buckets.set(key, bucket);
    return bucket;
  }

  function wait(bucket: Bucket, limit: RateLimit): number {
    const perMs = limit.requests / (limit.seconds * 1000);
    return bucket.tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  return {
    take(key, limit) {
      const bucket = refilled(key, limit, now());
      const seconds = wait(bucket, limit);
      if (seconds === 0) bucket.tokens -= 1;
      return seconds;
    },
    peek(key, limit) {
      return wait(refilled(key, limit, now()), limit);
    },
  };
}

function tooMany(what: string, retryAfter: number): HttpProblem {
  return new HttpProblem(429, `Too many ${what} at once; try again in ${retryAfter} s.`, undefined, {
    'Retry-After': String(retryAfter),
  });
}

const MAX_ADDRESSES_REMEMBERED = 100_000;

/**
 * Authentication behind a per-address limit of refusals: every 401 takes one
 * from the address's bucket, and an address whose bucket is empty is answered
 * 429 before its token is looked at. Signed-in requests never take from it.
 * The store is asked only about addresses this process refused within the
 * limit's time: any other's bucket has had the time to fill up again here,
 * and a shared one is learnt about at this process's first refusal of it.
 */
export function throttleRefusedAuthentication(
  limit: RateLimit,
  authenticate: RequestHandler,
  store: RateLimitStore = createRateLimiter(),
): RequestHandler {
  const refusedHere = new Map<string, number>();
  const windowMs = limit.seconds * 1000;
  let lastSweep = Date.now();
  return async (req, res, next) => {
    const address = req.ip ?? 'unknown';
    const key = `address:${address}`;
    const now = Date.now();
    if (now - lastSweep > windowMs) {
      for (const [known, until] of refusedHere) if (until <= now) refusedHere.delete(known);
      lastSweep = now;
    }
    if ((refusedHere.get(address) ?? 0) > now) {
      const retryAfter = await orLetThrough(() => store.peek(key, limit));
      if (retryAfter > 0) throw tooMany('requests without a valid sign-in', retryAfter);
    }
    try {
      await authenticate(req, res, next);
    } catch (error) {
      if (error instanceof HttpProblem && error.status === 401) {
        // Made-up addresses by the million must not grow it without bound: forgetting costs a store's answer.
        if (refusedHere.size >= MAX_ADDRESSES_REMEMBERED) refusedHere.clear();
        refusedHere.set(address, Date.now() + windowMs);
        await orLetThrough(() => store.take(key, limit));
      }
      throw error;
    }
  };
}

/** The middleware: after authentication (it limits the caller), before the contract's validation. */
export function rateLimit(
  limits: RateLimits,
  callerId: (res: Parameters<RequestHandler>[1]) => string,
  store: RateLimitStore = createRateLimiter(),
): RequestHandler {
  return async (req, res, next) => {
    const kind = rateLimitedKind(req.method, req.path);
    if (kind === null) return next();
    const retryAfter = await orLetThrough(() => store.take(`caller:${callerId(res)}:${kind}`, limits[kind]));
    if (retryAfter === 0) return next();
    throw tooMany(kind === 'write' ? 'changes' : `${kind}s`, retryAfter);
  };
}
