import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { defaultStorage, sessionStorage } from 'aws-amplify/utils';
import { TOKEN_KEY_PREFIX } from './token-keys';
import { forgetStoredIdTokens, withIdTokenInMemory } from './token-storage';
import { type SessionState, SIGNED_OUT, sessionFromClaims } from './session';

/**
 * Where this device keeps the sign-in tokens, and reading them without the
 * network. Beside amplify.ts so that file stays about the session's life.
 */

/** Deletes every identity key (tokens, last user, device data) from `storage`; returns how many there were. */
export function forgetSavedTokens(storage: Storage): number {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(TOKEN_KEY_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  return keys.length;
}

/**
 * A personal device: the tokens live in localStorage, but the ID
 * token (it names the person) in this page's memory only (token-storage.ts).
 * Call before anything reads the session.
 */
export function keepTokensOnDevice(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) forgetStoredIdTokens(storage);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(withIdTokenInMemory(defaultStorage));
}

/**
 * Kiosk devices: the tokens live in sessionStorage, so closing the tab (or the
 * browser) forgets the session. Call before anything reads the session.
 *
 * Tokens already in localStorage are deleted, not moved: they were left by
 * whoever used the device before it became a kiosk (the build's default
 * changed, or the tab was not closed after a personal or shared session).
 * Moving them would keep that person signed in at a front desk for the next
 * visitor to carry on as them; a kiosk starts on the sign-in page instead.
 * Another tab still open on such a session hears the keys go and signs out.
 */
export function keepTokensForThisTabOnly(local: Storage = window.localStorage): void {
  forgetSavedTokens(local);
  forgetStoredIdTokens(window.sessionStorage);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(withIdTokenInMemory(sessionStorage));
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

/**
 * Forgets the session's tokens on this device without revoking them (Amplify's
 * sign-out would revoke the refresh token): for a refresh token the outbox's
 * courier keeps to deliver its author's unsent changes.
 */
export async function forgetTokensWithoutRevoking(): Promise<void> {
  await cognitoUserPoolsTokenProvider.authTokenStore.clearTokens();
}
