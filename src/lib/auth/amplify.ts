import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { AuthFlow } from '@/config/env';
import { isNetworkError } from './errors';
import { cognitoEndpoint, configureDeliveryCredentials } from './delivery-credential';
import { readSavedSession } from './device-tokens';
import { SIGNED_OUT, type SessionState, sessionFromClaims, sessionStore } from './session';
import { createSessionLifetime, type RefreshResult } from './session-lifetime';

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
let stopLifetime: (() => void) | undefined;

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
  configureDeliveryCredentials({
    clientId: config.clientId,
    endpoint: config.endpoint ?? cognitoEndpoint(config.userPoolId),
  });
  stopListening?.();
  stopListening = Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedOut') sessionStore.set(SIGNED_OUT);
    if (payload.event === 'tokenRefresh') lifetime.refreshed();
    // Spec section 4: a failed token refresh signs the user out. Amplify reports
    // every refresh failure here, the SDK's own ones too; an unreachable
    // identity service (offline) decides nothing and keeps the tokens.
    if (payload.event === 'tokenRefresh_failure' && !isNetworkError(payload.data.error)) {
      void lifetime.expire();
    }
  });
  stopLifetime?.();
  stopLifetime = lifetime.start();
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
    // Offline with an expired access token: the refresh could not be asked,
    // so the user stays signed in with the saved session (and the data they saw).
    if (isNetworkError(error)) next = await readSavedSession();
    else console.warn('Thrive: could not restore the session', error);
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

/**
 * Forces a refresh of the session's tokens and reads the new claims into the
 * store. Resolves to the new access token, or undefined when the session
 * cannot be refreshed (refused, or no session); rejects only when the
 * identity service could not be reached. The API client calls this after a 401.
 */
export async function refreshSession(): Promise<string | undefined> {
  let tokens;
  try {
    ({ tokens } = await fetchAuthSession({ forceRefresh: true }));
  } catch (error) {
    if (isNetworkError(error)) throw error;
    return undefined;
  }
  if (!tokens) return undefined;
  const next = sessionFromClaims(tokens.idToken?.payload, tokens.accessToken.payload);
  if (next.authenticated) sessionStore.set(next);
  return tokens.accessToken.toString();
}

let signingOut: Promise<void> | undefined;
const beforeSignOut = new Set<() => Promise<void>>();

/**
 * Runs `listener` at every sign-out, while the session's tokens are still
 * there (the outbox hands the author's unsent changes to their courier).
 * It may not hold the sign-out up for long, and its failure does not stop it.
 */
export function onBeforeSignOut(listener: () => Promise<void>): () => void {
  beforeSignOut.add(listener);
  return () => beforeSignOut.delete(listener);
}

/** How long the sign-out waits for its listeners: a sign-out must work at once, offline too. */
const BEFORE_SIGN_OUT_MS = 3000;

/** Signs out on this device and forgets the tokens; the store is signed out whatever happens. */
export function signOut(): Promise<void> {
  // Several reasons to sign out can arrive together (a failed refresh, the user's click): one sign-out.
  signingOut ??= (async () => {
    try {
      await Promise.race([
        Promise.all(
          [...beforeSignOut].map((listener) =>
            listener().catch((error: unknown) => console.warn('Thrive: a step before signing out failed', error)),
          ),
        ),
        new Promise((resolve) => setTimeout(resolve, BEFORE_SIGN_OUT_MS)),
      ]);
      await amplifySignOut();
    } finally {
      sessionStore.set(SIGNED_OUT);
    }
  })().finally(() => {
    signingOut = undefined;
  });
  return signingOut;
}

async function refreshForTimer(): Promise<RefreshResult> {
  try {
    return (await refreshSession()) ? 'refreshed' : 'refused';
  } catch {
    return 'unreachable';
  }
}

/** The one session's lifetime: the 50-minute refresh and the end of a session that cannot be refreshed. */
const lifetime = createSessionLifetime({ session: sessionStore, refresh: refreshForTimer, signOut });

/**
 * Ends a session that cannot be refreshed: the `onSessionExpired` listeners
 * run first (the app's alert), then the user is signed out. Once per session.
 */
export const expireSession: () => Promise<void> = lifetime.expire;

/** Called when a session ends because it could not be refreshed, before the sign-out. */
export const onSessionExpired: (listener: () => void) => () => void = lifetime.onExpired;
