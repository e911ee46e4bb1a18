/**
 * Verifies the identity service's access tokens: signature against its JWKS,
 * the pinned issuer, an unexpired lifetime, `token_use` access and our app
 * client's id. The emulator's signing key ships in an npm package, so the
 * issuer check is what keeps tokens minted for another pool (or by anyone
 * holding that key for another issuer) out.
 */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { ServerConfig } from '../config.ts';

export interface VerifiedAccessToken {
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

/** How many verified tokens are remembered: a token's signature is checked once, its expiry every time. */
const VERIFIED_TOKENS = 1000;

export function createAccessTokenVerifier(identity: ServerConfig['identity']): AccessTokenVerifier {
  const verify = createUncachedVerifier(identity);
  const verified = new Map<string, { username: string; expiresAt: number }>();
  return async (token) => {
    const known = verified.get(token);
    if (known && known.expiresAt > Date.now()) return { username: known.username };
    if (known) verified.delete(token);
    const { username, expiresAt } = await verify(token);
    if (verified.size >= VERIFIED_TOKENS) verified.clear();
    verified.set(token, { username, expiresAt });
    return { username };
  };
}

function createUncachedVerifier(
  identity: ServerConfig['identity'],
): (token: string) => Promise<VerifiedAccessToken & { expiresAt: number }> {
  const keys = createRemoteJWKSet(new URL(identity.jwksUrl));
  return async (token) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: identity.issuer,
        algorithms: ['RS256'],
        requiredClaims: ['exp'],
      }));
    } catch (error) {
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
    // requiredClaims makes exp present.
    return { username: payload.username, expiresAt: (payload.exp ?? 0) * 1000 };
  };
}
