/**
 * Refreshing a session. Refresh tokens end as the product's do: a staff
 * user's 12 hours after its sign-in, a client's after 30 days, a disabled
 * user's at once, and everyone's at a global sign-out. Amplify 6.15+ refreshes
 * only with GetTokensFromRefreshToken, which the emulator lacks; it is answered
 * with InitiateAuth REFRESH_TOKEN_AUTH.
 */
import { isRole } from '@contract';
import { sessionLimitSeconds } from '@contract';
import { CognitoError, isJson, jwtClaims, str, userAttributes, type Json, type Operation } from './cognito.ts';
import type { Emulator } from './emulator.ts';
import type { SignOuts } from './sign-outs.ts';
import type { Tokens } from './tokens.ts';

export interface Refresh {
  /** InitiateAuth with REFRESH_TOKEN_AUTH (or REFRESH_TOKEN). */
  refresh: Operation;
  getTokensFromRefreshToken: Operation;
}

export function createRefresh(emulator: Emulator, tokens: Tokens, signOuts: SignOuts, clock: () => number): Refresh {
  /**
   * Tokens from a refresh (of our own, with the sign-in's `auth_time`), unless
   * the refresh token has ended: signed out everywhere since, past its
   * lifetime or the role's session limit, or its user disabled.
   */
  async function refresh(body: Json): Promise<Json> {
    // The emulator first: it knows a refresh token by its exact text, so a made-up one ends here.
    const result = await emulator.call('InitiateAuth', body);
    const refreshToken = isJson(body.AuthParameters) ? str(body.AuthParameters.REFRESH_TOKEN) : undefined;
    const claims = refreshToken ? jwtClaims(refreshToken) : {};
    const username = str(claims['cognito:username']);
    const signedInAt = typeof claims.iat === 'number' ? claims.iat : undefined;
    if (!username || signedInAt === undefined)
      throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    if (signOuts.since(username, signedInAt)) {
      throw new CognitoError('NotAuthorizedException', 'Refresh Token has been revoked');
    }
    const user = await emulator.getUser(username);
    if (user?.Enabled === false) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
    const role = userAttributes(user).find((attribute) => attribute.Name === 'custom:role')?.Value;
    const limit = Math.min(
      sessionLimitSeconds(isRole(role) ? role : 'NO_ROLE'),
      typeof claims.exp === 'number' ? claims.exp - signedInAt : Number.POSITIVE_INFINITY,
    );
    if (Math.floor(clock() / 1000) - signedInAt >= limit)
      throw new CognitoError('NotAuthorizedException', 'Refresh Token has expired');
    return tokens.withOwnTokens(result, signedInAt);
  }

  async function getTokensFromRefreshToken(body: Json): Promise<Json> {
    const result = await refresh({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: body.ClientId,
      AuthParameters: {
        REFRESH_TOKEN: body.RefreshToken,
        ...(str(body.DeviceKey) ? { DEVICE_KEY: body.DeviceKey } : {}),
      },
      ClientMetadata: body.ClientMetadata,
    });
    const answer = isJson(result.AuthenticationResult) ? result.AuthenticationResult : {};
    // No RefreshToken in the answer: without rotation Cognito omits it and Amplify keeps the old one.
    return {
      AuthenticationResult: {
        AccessToken: answer.AccessToken,
        IdToken: answer.IdToken,
        TokenType: 'Bearer',
        ExpiresIn: answer.ExpiresIn,
      },
    };
  }

  return { refresh, getTokensFromRefreshToken };
}
