/**
 * Verifies the identity service's access tokens: signature against its JWKS,
 * the pinned issuer, an unexpired lifetime, `token_use` access and our app
 * client's id. The emulator's signing key ships in an npm package: the local
 * identity proxy signs with a key of its own install instead, and a key known
 * to be published is refused here whoever serves it.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { IdentityServiceConfig } from '../identity/identity-config.ts';
import { isPublishedKey } from './published-keys.ts';
import type { TokenTimes } from './sessions.ts';

export interface VerifiedAccessToken extends TokenTimes {
  /** The identity username: the API's user id. */
  username: string;
}

export type AccessTokenVerifier = (token: string) => Promise<VerifiedAccessToken>;

/** The token is not acceptable (401). Anything else thrown means the check itself could not be made. */
export class TokenRejectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TokenRejectedError';
  }
}

/**
 * The identity service's keys, except any published one: a key anybody can
 * read (the emulator's, inside its npm package) verifies nothing.
 */
function unpublishedKeys(jwksUrl: string, timeoutDuration: number): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration });
  const checked = new WeakSet<object>();
  return async (header, token) => {
    const key = await remote(header, token);
    if (!checked.has(key)) {
      if (await isPublishedKey(key)) throw new TokenRejectedError('The token is signed with a published key.');
      checked.add(key);
    }
    return key;
  };
}

/** How many verified tokens are remembered: a token's signature is checked once, its expiry every time. */
const VERIFIED_TOKENS = 1000;

/** How long one fetch of the identity service's key set may take. */
const KEY_SET_TIMEOUT_MS = 5_000;

export function createAccessTokenVerifier(
  identity: IdentityServiceConfig,
  { keySetTimeoutMs = KEY_SET_TIMEOUT_MS }: { keySetTimeoutMs?: number } = {},
): AccessTokenVerifier {
  const verify = createUncachedVerifier(identity, keySetTimeoutMs);
  const verified = new Map<string, { token: VerifiedAccessToken; expiresAt: number }>();
  return async (token) => {
    const known = verified.get(token);
    if (known && known.expiresAt > Date.now()) return known.token;
    if (known) verified.delete(token);
    const { expiresAt, ...checked } = await verify(token);
    if (verified.size >= VERIFIED_TOKENS) verified.clear();
    verified.set(token, { token: checked, expiresAt });
    return checked;
  };
}

function createUncachedVerifier(
  identity: IdentityServiceConfig,
  keySetTimeoutMs: number,
): (token: string) => Promise<VerifiedAccessToken & { expiresAt: number }> {
  const keys = unpublishedKeys(identity.jwksUrl, keySetTimeoutMs);
  const verifyOnce = (token: string) =>
    jwtVerify(token, keys, { issuer: identity.issuer, algorithms: ['RS256'], requiredClaims: ['exp', 'iat'] });
  return async (token) => {
    let payload;
    try {
      ({ payload } = await verifyOnce(token).catch((error: unknown) => {
        // The key set's timer runs on this process's clock: after the process was busy (a start compiling the
        // contract, a long pause) it fires even though the answer had come. One more fetch tells such a stall from
        // an identity service that does not answer.
        if (error instanceof errors.JWKSTimeout) return verifyOnce(token);
        throw error;
      }));
    } catch (error) {
      if (error instanceof TokenRejectedError) throw error;
      if (error instanceof errors.JWTExpired) throw new TokenRejectedError('The access token has expired.');
      // A timeout reaching the key set is our problem, not the caller's token.
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) {
        throw new TokenRejectedError('The access token is not valid.');
      }
      throw error;
    }
    if (payload.token_use !== 'access') throw new TokenRejectedError('An access token is required.');
    if (payload.client_id !== identity.clientId)
      throw new TokenRejectedError('The token was issued to another client.');
    if (typeof payload.username !== 'string' || payload.username === '') {
      throw new TokenRejectedError('The access token names no user.');
    }
    const issuedAt = payload.iat!;
    const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : issuedAt;
    // requiredClaims makes exp present.
    return { username: payload.username, issuedAt, authTime, expiresAt: payload.exp! * 1000 };
  };
}
