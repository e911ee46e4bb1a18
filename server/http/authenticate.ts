/**
 * Turns the Authorization header into the caller: who it is (the verified
 * token's username) and which role it has (the API's users table, never the
 * token's `custom:role`, which a user can change through the emulator).
 */
import type { RequestHandler, Response } from 'express';
import { isRole } from '../core/contract-types.ts';
import type { Caller } from '@contract';
import type { Queryable } from '../db/database.ts';
import { forgetCachedReads, readCache } from '../core/read-cache.ts';
import { HttpProblem, forbidden, unauthorized } from '../core/problem.ts';
import { logError } from '../core/log.ts';
import { allowedBeforeConsent, consentRequired } from '../auth/consent.ts';
import { TokenRejectedError, type AccessTokenVerifier, type VerifiedAccessToken } from '../auth/access-token.ts';
import { checkSession, sessionCutoff } from '../auth/sessions.ts';
import type { Actor } from '../core/actor.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express declares res.locals in this global namespace.
  namespace Express {
    interface Locals {
      caller?: Caller & { consented: boolean };
      deviceId?: string | null;
      requestId?: string;
      /** The `iat` of the caller's access token (seconds since the epoch): a sign-out ends it whatever it says. */
      tokenIssuedAt?: number;
    }
  }
}

const BEARER = /^Bearer +([A-Za-z0-9\-_.]+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Requests that only read although they are not GETs: a search's text goes in a body, never into a URL. */
const READ_ONLY_POSTS = new Set(['/users/users/search', '/clients/search']);

function mayWrite(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  return !(method === 'POST' && READ_ONLY_POSTS.has(path));
}

/**
 * How long a caller's role, status, consent and session cut-off are reused without reading them again. Every
 * write through this API (a sign-out, a disable, a change of role or consent) forgets them (read-cache.ts).
 */
const CALLER_CACHE_MS = 1000;

export function authenticate(verifyAccessToken: AccessTokenVerifier, db: Queryable): RequestHandler {
  const callers = readCache<Caller & { consented: boolean; cutoff: Date | null }>(CALLER_CACHE_MS);
  return async (req, res, next) => {
    if (mayWrite(req.method, req.path)) {
      forgetCachedReads();
      res.on('finish', forgetCachedReads);
    }
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
    if (!token) throw unauthorized('A Bearer access token is required.');
    let verified: VerifiedAccessToken;
    try {
      verified = await verifyAccessToken(token);
    } catch (error) {
      if (error instanceof TokenRejectedError) throw unauthorized(error.message);
      logError({ event: 'Checking an access token failed' }, error);
      throw new HttpProblem(503, 'The identity service could not be reached to check the access token.');
    }
    const { cutoff, ...caller } = await callers.through(verified.username, () => loadCaller(db, verified.username));
    // A session that has ended (signed out, disabled, re-roled, deleted) or outlived its limit: 401.
    checkSession(verified, cutoff, caller.role);
    res.locals.caller = caller;
    res.locals.tokenIssuedAt = verified.issuedAt;
    res.locals.deviceId = deviceIdOf(req.get('x-thrive-device'));
    if (caller.role === 'CLIENT' && !caller.consented && !allowedBeforeConsent(req.method, req.path, caller.id)) {
      throw consentRequired();
    }
    next();
  };
}

/**
 * A user the API does not know, or without a role, is a caller without a role.
 * A disabled user is refused outright: its access token stays valid at the
 * identity service until it expires, and it must not read even its own record.
 */
async function loadCaller(db: Queryable, id: string): Promise<Caller & { consented: boolean; cutoff: Date | null }> {
  if (!UUID.test(id)) return { id, role: 'NO_ROLE', consented: true, cutoff: await sessionCutoff(db, id) };
  // The cut-off has no foreign key: a deleted user's outlives its row.
  const [found] = await db.query<{
    role: string | null;
    status: string | null;
    consented: boolean | null;
    not_before: Date | string | null;
  }>(
    `SELECT u.role, u.status, p.hipaa_consent AS consented, s.not_before
     FROM (SELECT $1::uuid AS id) k
     LEFT JOIN users u ON u.id = k.id
     LEFT JOIN profiles p ON p.client_id = u.id
     LEFT JOIN session_cutoffs s ON s.username = $2`,
    [id, id.toLowerCase()],
  );
  const cutoff = found?.not_before == null ? null : new Date(found.not_before);
  // Disabling also ends the user's sessions; while it lasts, the contract answers its tokens 403.
  if (found?.status != null && found.status !== 'active') throw forbidden('This account is disabled.');
  const role = isRole(found?.role) ? found.role : 'NO_ROLE';
  // Consent concerns clients; it is read on every request, so a withdrawal applies at once.
  return { id: id.toLowerCase(), role, consented: role !== 'CLIENT' || found?.consented === true, cutoff };
}

/** The device id a request names, checked: a malformed one is refused rather than written to the audit log. */
function deviceIdOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!UUID.test(header)) {
    throw new HttpProblem(400, 'The X-Thrive-Device header must be a UUID.', [
      { field: 'header.x-thrive-device', message: 'must be a UUID' },
    ]);
  }
  return header.toLowerCase();
}

/** The authenticated caller of a request that passed `authenticate`. */
export function callerOf(res: Response): Actor {
  const caller = res.locals.caller;
  if (!caller) throw new Error('callerOf() used on a route without authentication');
  return { ...caller, deviceId: res.locals.deviceId ?? null, idempotency: res.locals.idempotency ?? null };
}
