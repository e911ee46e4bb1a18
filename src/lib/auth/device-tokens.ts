import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { sessionStorage } from 'aws-amplify/utils';
import { type SessionState, SIGNED_OUT, sessionFromClaims } from './session';

/**
 * Where this device keeps the sign-in tokens, and reading them without the
 * network. Beside amplify.ts so that file stays about the session's life.
 */

/**
 * Kiosk devices: the tokens live in sessionStorage, so closing the tab (or the
 * browser) forgets the session. Call before anything reads the session.
 */
export function keepTokensForThisTabOnly(): void {
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sessionStorage);
}

/**
 * The session saved on this device, read without refreshing it. Used when the
 * tokens could not be refreshed because the device is offline: the user stays
 * signed in with what they saw, and the refresh happens when the network returns.
 */
export async function readSavedSession(): Promise<SessionState> {
  const tokens = await cognitoUserPoolsTokenProvider.authTokenStore.loadTokens();
  if (!tokens?.refreshToken) return SIGNED_OUT;
  return sessionFromClaims(tokens.idToken?.payload, tokens.accessToken.payload);
}
