/**
 * Sessions that end. The identity service's tokens are valid until they
 * expire; the API keeps, per user, a time before which it refuses every token
 * (a "not before"), checked on every request against the token's issue time
 * and its session's sign-in time (so a refresh after the cut-off mints nothing
 * that works):
 * signing out, being disabled, a new role and deletion all move it to now.
 * It also refuses a token whose session (its sign-in, `auth_time`) is older
 * than the role's absolute limit (openapi/access/sessions.ts), whatever the token's
 * own expiry says.
 */
import type { Caller, RoleOrNone } from '@contract';
import { sessionLimitSeconds } from '@contract';
import type { SessionEnd } from '../core/contract-types.ts';
import { requireGrant } from '../access/grants.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Answer } from '../core/answer.ts';
import { unauthorized } from '../core/problem.ts';
import { operation } from '../core/operation.ts';
import { type Actor } from '../core/actor.ts';

/**
 * From now on, every token of `username` issued up to this moment is refused.
 * Cognito writes a token's issue time in whole seconds, so one issued in the
 * second of the cut-off counts as issued before it (the cost: a sign-in in
 * that same second is refused once); the local identity service writes
 * milliseconds. The time only ever moves forward.
 */
export async function cutOffSessions(db: Queryable, username: string, at?: Date): Promise<void> {
  await db.query(
    `INSERT INTO session_cutoffs (username, not_before) VALUES ($1, coalesce($2::timestamptz, now()))
     ON CONFLICT (username) DO UPDATE SET not_before = greatest(session_cutoffs.not_before, EXCLUDED.not_before)`,
    [username.toLowerCase(), at?.toISOString() ?? null],
  );
}

/**
 * Where a sign-out's cut-off falls: at the press (`signedOutAt`, on the server's clock as the device measured
 * it), so that a sign-out arriving late ends no session the person started since; never before the token that
 * asks was issued (it ends in any case: a device's clock cannot undo that), never after now.
 */
export function signOutCutoff(signedOutAt: string | undefined, tokenIssuedAt: number, now: Date): Date {
  const pressed = signedOutAt === undefined ? now.getTime() : Date.parse(signedOutAt);
  // checkSession refuses a token issued before the cut-off: one millisecond after this token's issue ends it.
  const earliest = tokenIssuedAt * 1000 + 1;
  return new Date(Math.min(now.getTime(), Math.max(earliest, pressed)));
}

/** The claims of an access token that say when its session started and when the token was made. */
export interface TokenTimes {
  /** `iat`, seconds since the epoch. */
  issuedAt: number;
  /** `auth_time` (the sign-in), seconds since the epoch; Cognito keeps it across refreshes. */
  authTime: number;
}

/**
 * Throws 401 when the token was issued before the user's cut-off, or its
 * session is older than the role allows.
 */
export function checkSession(
  token: TokenTimes,
  notBefore: Date | null,
  role: RoleOrNone,
  now: Date = new Date(),
): void {
  // A refresh gives a new `iat` but keeps `auth_time`: a session signed in before the cut-off stays ended, whatever
  // tokens its refresh token (not revoked while the device was offline) goes on minting.
  const startedBeforeCutoff = notBefore !== null && token.authTime * 1000 < notBefore.getTime();
  if (notBefore !== null && (token.issuedAt * 1000 < notBefore.getTime() || startedBeforeCutoff)) {
    throw unauthorized('This session has ended (signed out, disabled or given another role); sign in again.');
  }
  if (now.getTime() - token.authTime * 1000 > sessionLimitSeconds(role) * 1000) {
    const hours = Math.round(sessionLimitSeconds(role) / 3600);
    const limit = hours >= 48 ? `${Math.round(hours / 24)} days` : `${hours} hours`;
    throw unauthorized(`Sessions last at most ${limit} from sign-in; sign in again.`);
  }
}

/** The cut-off of `username`, if it has one. */
export async function sessionCutoff(db: Queryable, username: string): Promise<Date | null> {
  const [row] = await db.query<{ not_before: Date | string }>(
    'SELECT not_before FROM session_cutoffs WHERE username = $1',
    [username.toLowerCase()],
  );
  return row ? new Date(row.not_before) : null;
}

/** What the browser is asked to clear once its session has ended (the Clear-Site-Data header). */
function clearSiteData(request: SessionEnd | undefined): string {
  return request?.keep_device_data === true ? '"cache"' : '"cache", "storage"';
}

/**
 * POST /session/logout: the caller's own sessions end, on every device: those started up to the press of Sign out.
 * `tokenIssuedAt` is the `iat` of the token that asks.
 */
export async function endSession(
  db: Database,
  caller: Actor,
  request: SessionEnd | undefined,
  tokenIssuedAt: number,
  now: () => Date = () => new Date(),
): Promise<Answer<null>> {
  const self: Caller = { id: caller.id, role: caller.role };
  const entry = {
    actor: caller,
    action: 'sessions.end',
    resourceType: 'session',
    resourceId: null,
    subjectId: null,
  } as const;
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'sessions.end', self);
    return db.transaction(async (tx) => {
      await cutOffSessions(tx, caller.id, signOutCutoff(request?.signed_out_at, tokenIssuedAt, now()));
      return audit.recordSuccess(tx, {
        status: 204,
        body: null,
        headers: { 'Clear-Site-Data': clearSiteData(request) },
      });
    });
  });
}
