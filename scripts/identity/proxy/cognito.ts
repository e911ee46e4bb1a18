/** What every part of the identity proxy shares: Cognito's JSON values and errors. */

export type Json = Record<string, unknown>;

/** One Cognito operation, as the proxy answers it. */
export type Operation = (body: Json) => Promise<Json>;

/** A Cognito service error, sent the way Cognito sends it: status 400 and `__type`. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Cognito's answer to a sign-in attempt while the account is locked (sign-in-throttle.ts). */
export function accountLocked(): CognitoError {
  return new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
}

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, or undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The attributes of a user record (GetUser, AdminGetUser). */
export function userAttributes(user: Json | null | undefined): Json[] {
  const list = user?.UserAttributes;
  return Array.isArray(list) ? list.filter(isJson) : [];
}

/**
 * The claims of a JWT, unverified: for tokens the emulator has just handed the
 * proxy (over its socket), or whose authenticity the emulator checks itself
 * (a refresh token is looked up by its exact text).
 */
export function jwtClaims(token: string): Json {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isJson(claims) ? claims : {};
  } catch {
    return {};
  }
}
