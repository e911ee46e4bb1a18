/**
 * How long a signed-in session lives, for the identity service (the local
 * proxy issues tokens with these lifetimes; a production pool is configured
 * with them) and the API (which refuses a token past them whatever its
 * signature says). The reasons are in README.md, "Sessions".
 */
import type { RoleOrNone } from './rules.ts';

/** Access and ID tokens: short, so a token copied off a device is soon worth nothing. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;

/** Staff sign in again at least once a shift: shared tablets and kiosks change hands. */
export const STAFF_SESSION_LIMIT_SECONDS = 12 * 60 * 60;

/** A client's own phone: the refresh token's lifetime (Cognito's default), counted from the sign-in. */
export const CLIENT_SESSION_LIMIT_SECONDS = 30 * 24 * 60 * 60;

/**
 * How long after its sign-in (`auth_time`) a session may still be used, by the
 * role its user holds. Refreshing tokens does not move the sign-in time, so
 * this is an absolute limit. A user without a role counts as staff (the shorter).
 */
export function sessionLimitSeconds(role: RoleOrNone): number {
  return role === 'CLIENT' ? CLIENT_SESSION_LIMIT_SECONDS : STAFF_SESSION_LIMIT_SECONDS;
}
