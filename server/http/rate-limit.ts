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
 * The buckets live in this process: several API instances behind a load
 * balancer each limit on their own (a shared store would be needed for one
 * limit across them).
 */
import type { RequestHandler } from 'express';
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

/**
 * Authentication behind a per-address limit of refusals: every 401 takes one
 * from the address's bucket, and an address whose bucket is empty is answered
 * 429 before its token is looked at. Signed-in requests never take from it.
 */
export function throttleRefusedAuthentication(limit: RateLimit, authenticate: RequestHandler): RequestHandler {
  const limiter = createRateLimiter();
  return async (req, res, next) => {
    const key = req.ip ?? 'unknown';
    const retryAfter = limiter.peek(key, limit);
    if (retryAfter > 0) throw tooMany('requests without a valid sign-in', retryAfter);
    try {
      await authenticate(req, res, next);
    } catch (error) {
      if (error instanceof HttpProblem && error.status === 401) limiter.take(key, limit);
      throw error;
    }
  };
}

/** The middleware: after authentication (it limits the caller), before the contract's validation. */
export function rateLimit(
  limits: RateLimits,
  callerId: (res: Parameters<RequestHandler>[1]) => string,
): RequestHandler {
  const limiter = createRateLimiter();
  return (req, res, next) => {
    const kind = rateLimitedKind(req.method, req.path);
    if (kind === null) return next();
    const retryAfter = limiter.take(`${callerId(res)}:${kind}`, limits[kind]);
    if (retryAfter === 0) return next();
    throw tooMany(kind === 'write' ? 'changes' : `${kind}s`, retryAfter);
  };
}
