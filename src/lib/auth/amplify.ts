import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { AuthFlow } from '../../config/env';
import { SIGNED_OUT, type SessionState, sessionFromClaims, sessionStore } from './session';

/**
 * The session side of Amplify: configuration, restoring the session at start,
 * the access token for the API, and sign-out. Kept apart from the sign-in
 * steps (sign-in.ts) so the app's entry chunk does not carry them.
 */

export interface AuthConfig {
  userPoolId: string;
  clientId: string;
  /** Absolute URL of the identity service; undefined means Amazon Cognito itself. */
  endpoint: string | undefined;
  authFlow: AuthFlow;
}

let authFlow: AuthFlow = 'USER_SRP_AUTH';

export function configuredAuthFlow(): AuthFlow {
  return authFlow;
}

let stopListening: (() => void) | undefined;

export function configureAuth(config: AuthConfig): void {
  authFlow = config.authFlow;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.clientId,
        // Unset in production (Amplify derives the Cognito endpoint from the pool's region).
        ...(config.endpoint ? { userPoolEndpoint: config.endpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  stopListening?.();
  stopListening = Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedOut') sessionStore.set(SIGNED_OUT);
    // Spec section 4: a failed token refresh signs the user out.
    if (payload.event === 'tokenRefresh_failure') void signOut();
  });
}

/**
 * Reads the saved session (refreshing the tokens if needed) into the session
 * store. Any failure leaves the user signed out rather than stuck on a spinner.
 */
export async function restoreSession(): Promise<SessionState> {
  let next: SessionState = SIGNED_OUT;
  try {
    const { tokens } = await fetchAuthSession();
    next = sessionFromClaims(tokens?.idToken?.payload, tokens?.accessToken.payload);
  } catch (error) {
    console.warn('Thrive: could not restore the session', error);
  }
  sessionStore.set(next);
  return next;
}

/** The current access token (refreshed by Amplify when it has expired), or undefined when signed out. */
export async function getAccessToken(): Promise<string | undefined> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.accessToken.toString();
  } catch {
    return undefined;
  }
}

/** Signs out on this device and forgets the tokens; the store is signed out whatever happens. */
export async function signOut(): Promise<void> {
  try {
    await amplifySignOut();
  } finally {
    sessionStore.set(SIGNED_OUT);
  }
}
