/**
 * Tokens of this install: the emulator signs with a key published in its npm
 * package, so every access and ID token the proxy hands out is signed again
 * with this install's key (keys.ts), with Cognito's lifetimes as configured
 * here (openapi/access/sessions.ts), and every access token sent to the proxy is
 * checked against that key (the emulator only decodes them).
 */
import { SignJWT, errors as joseErrors, importJWK, jwtVerify, type JWK } from 'jose';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@contract';
import { publicJwk } from '../keys.ts';
import { CognitoError, isJson, jwtClaims, str, type Json } from './cognito.ts';
import type { SignOuts } from './sign-outs.ts';

export interface Tokens {
  /** The key set the proxy serves: the public half of this install's key, alone. */
  keySet: { keys: JWK[] };
  /**
   * The emulator's answer with its access and ID tokens replaced by ours.
   * `authTime`: when the session began (a refresh keeps the sign-in's time;
   * the emulator would make it now).
   */
  withOwnTokens(result: Json, authTime?: number): Promise<Json>;
  /** An access token of ours, unexpired and not signed out; its claims. Cognito's errors otherwise. */
  verifiedAccessToken(token: unknown): Promise<Json>;
}

export async function createTokens(
  options: { issuer: string; signingKey: JWK },
  signOuts: SignOuts,
  clock: () => number,
): Promise<Tokens> {
  const signingKey = await importJWK(options.signingKey, 'RS256');
  const verifyingKey = await importJWK(publicJwk(options.signingKey), 'RS256');
  const nowSeconds = () => Math.floor(clock() / 1000);

  /**
   * A token with the emulator's claims, signed with this install's key, issued
   * now for the configured lifetime. Its `iat` has milliseconds (a NumericDate
   * may, RFC 7519): the API orders it exactly against a sign-out's cut-off,
   * where Cognito's whole seconds make a token of the cut-off's own second
   * count as before it.
   */
  async function signToken(claims: Json, authTime: number | undefined): Promise<string> {
    const issuedAt = nowSeconds();
    return new SignJWT({
      ...claims,
      iss: options.issuer,
      iat: clock() / 1000,
      exp: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS,
      auth_time: authTime ?? (typeof claims.auth_time === 'number' ? claims.auth_time : issuedAt),
    })
      .setProtectedHeader({ alg: 'RS256', kid: options.signingKey.kid ?? 'thrive-local' })
      .sign(signingKey);
  }

  async function withOwnTokens(result: Json, authTime?: number): Promise<Json> {
    const tokens = result.AuthenticationResult;
    if (!isJson(tokens)) return result;
    const own: Json = { ...tokens };
    const idToken = str(tokens.IdToken);
    const role = idToken ? str(jwtClaims(idToken)['custom:role']) : undefined;
    for (const name of ['AccessToken', 'IdToken'] as const) {
      const token = str(tokens[name]);
      if (!token) continue;
      const claims = jwtClaims(token);
      // The role for the screens rides in the access token too, as a production pool's pre-token-generation trigger
      // (V2) puts it there: the app keeps no ID token at rest, and needs the role after a reload, offline too.
      own[name] = await signToken(
        name === 'AccessToken' && role ? { ...claims, 'custom:role': role } : claims,
        authTime,
      );
    }
    own.ExpiresIn = ACCESS_TOKEN_LIFETIME_SECONDS;
    return { ...result, AuthenticationResult: own };
  }

  async function verifiedAccessToken(token: unknown): Promise<Json> {
    if (typeof token !== 'string') throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    let claims: Json;
    try {
      ({ payload: claims } = await jwtVerify(token, verifyingKey, {
        currentDate: new Date(clock()),
        issuer: options.issuer,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new CognitoError('NotAuthorizedException', 'Access Token has expired');
      }
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    const username = str(claims.username);
    if (claims.token_use !== 'access' || !username)
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    if (signOuts.since(username, claims.iat as number)) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    return claims;
  }

  return { keySet: { keys: [publicJwk(options.signingKey)] }, withOwnTokens, verifiedAccessToken };
}
