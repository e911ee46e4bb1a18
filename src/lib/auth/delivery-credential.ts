import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';

/**
 * A signed-out author's own credential for delivering the changes they left
 * unsent on this device (lib/outbox's courier): their refresh token, taken at
 * sign-out, kept sealed in their own outbox store, used only to send their
 * changes with their own access token, and revoked once those are delivered.
 *
 * Amplify keeps one session, the signed-in person's; these calls speak to the
 * identity service directly (Cognito's JSON API, the same one Amplify uses).
 */

interface IdentityConfig {
  clientId: string;
  /** Where the identity service answers; Cognito's regional endpoint when the configuration names none. */
  endpoint: string;
}

let identity: IdentityConfig | null = null;

/** Cognito's regional endpoint, from the pool id ('ap-south-1_AbCd' is in ap-south-1). */
export function cognitoEndpoint(userPoolId: string): string {
  return `https://cognito-idp.${userPoolId.split('_')[0]}.amazonaws.com/`;
}

export function configureDeliveryCredentials(config: IdentityConfig): void {
  identity = config;
}

/** The signed-in person's refresh token, or null when there is no session on this device. */
export async function currentRefreshToken(): Promise<string | null> {
  const tokens = await cognitoUserPoolsTokenProvider.authTokenStore.loadTokens();
  return tokens?.refreshToken ?? null;
}

async function identityCall(target: string, body: unknown): Promise<Response> {
  if (!identity) throw new Error('Thrive: the identity service is not configured.');
  return fetch(identity.endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
}

/**
 * A fresh access token for the holder of `refreshToken` (and the refresh token
 * to use next time, when the service rotates it). Null when the service
 * refuses it (revoked, expired, the account disabled); throws when it could
 * not be reached.
 */
export async function accessTokenFromRefreshToken(
  refreshToken: string,
): Promise<{ accessToken: string; refreshToken: string } | null> {
  if (!identity) throw new Error('Thrive: the identity service is not configured.');
  const response = await identityCall('InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: identity.clientId,
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });
  if (response.status >= 500) throw new Error(`The identity service failed (${response.status})`);
  if (!response.ok) return null;
  const answer = (await response.json()) as {
    AuthenticationResult?: { AccessToken?: string; RefreshToken?: string };
  };
  const accessToken = answer.AuthenticationResult?.AccessToken;
  if (!accessToken) return null;
  return { accessToken, refreshToken: answer.AuthenticationResult?.RefreshToken ?? refreshToken };
}

/** Ends what is left of the credential once it is no longer needed; best effort (it expires anyway). */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  if (!identity) return;
  await identityCall('RevokeToken', { Token: refreshToken, ClientId: identity.clientId }).catch(() => undefined);
}
