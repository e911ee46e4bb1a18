import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { AuthFlow } from '@/config/env';
import { isNetworkError } from './errors';
import { cognitoEndpoint, configureDeliveryCredentials } from './delivery-credential';
import { forgetTokensWithoutRevoking, readSavedSession } from './device-tokens';
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
    // identity service (offline) decides nothing and keeps the tokens. A
    // refresh failing while the user signs out is no news to them.
    if (payload.event === 'tokenRefresh_failure' && !isNetworkError(payload.data.error) && !signingOut) {
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
    // After a reload the ID token is gone (it is never stored): the next refresh brings the e-mail back for the
    // screens, without holding up the start. Offline, the session goes on without it.
    if (tokens && !tokens.idToken) void refreshSession().catch(() => undefined);
  } catch (error) {
    // Offline with an expired access token: the refresh could not be asked,
    // so the user stays signed in with the saved session (and the data they saw).
    if (isNetworkError(error)) next = await readSavedSession();
    else console.warn('Thrive: could not restore the session', error);
  }
  sessionStore.set(next);
  // The store decides whether the person is locked (their data key not held by this page).
  return sessionStore.getSnapshot();
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
/** Resolves true when the listener kept the session's refresh token (sealed) for later use: it must stay valid. */
type BeforeSignOut = () => Promise<boolean>;
const beforeSignOut = new Set<BeforeSignOut>();

/**
 * Runs `listener` at every sign-out, while the session's tokens are still
 * there (the outbox hands the author's unsent changes to their courier, which
 * keeps the refresh token to deliver them). It may not hold the sign-out up
 * for long, and its failure does not stop it.
 */
export function onBeforeSignOut(listener: BeforeSignOut): () => void {
  beforeSignOut.add(listener);
  return () => beforeSignOut.delete(listener);
}

/** How long the sign-out waits for its listeners: a sign-out must work at once, offline too. */
const BEFORE_SIGN_OUT_MS = 3000;

/** Runs the listeners (within BEFORE_SIGN_OUT_MS); whether one of them kept the refresh token. */
async function runBeforeSignOut(): Promise<boolean> {
  const kept = await Promise.race([
    Promise.all(
      [...beforeSignOut].map((listener) =>
        listener().catch((error: unknown) => {
          console.warn('Thrive: a step before signing out failed', error);
          return false;
        }),
      ),
    ),
    new Promise<boolean[]>((resolve) => setTimeout(() => resolve([]), BEFORE_SIGN_OUT_MS)),
  ]);
  return kept.some(Boolean);
}

/**
 * Ends the user's sessions at the API with the access token given, those started up to `pressedAt` (this device's
 * clock, milliseconds); set by the app (lib/auth does not call the API).
 */
type EndServerSessions = (accessToken: string, pressedAt: number) => Promise<void>;
let endServerSessions: EndServerSessions | undefined;

/** What signing out asks of the API, before the identity service (POST /session/logout). */
export function onSignOutEndServerSessions(end: EndServerSessions): void {
  endServerSessions = end;
}

/**
 * How long signing out waits on the network, all told, before it finishes on
 * this device anyway: signing out is local first, and a bay's Wi-Fi may hang.
 */
export const SIGN_OUT_NETWORK_WAIT_MS = 3_000;

/** A global sign-out still under way after the wait: the next sign-in waits for it, so it never meets their tokens. */
let lateGlobalSignOut: Promise<void> | undefined;

/** What `work` came to within `ms`: 'done', 'failed', or 'late' (it runs on either way). */
async function within(work: Promise<unknown>, ms: number): Promise<'done' | 'failed' | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => 'done' as const,
        () => 'failed' as const,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Signs out: online, the API first ends every session of the user (the
 * access token it gets is refused from then on, on every device), then the
 * identity service signs the user out globally (its refresh tokens are
 * revoked) and the tokens are forgotten here. Offline, or when the network
 * does not answer within SIGN_OUT_NETWORK_WAIT_MS, the tokens are forgotten
 * here at once: signing out never waits on the network, and touches nothing
 * else kept on the device (unsent changes stay).
 *
 * One exception keeps a refresh token alive: a person leaving unsent changes
 * on a shared tablet. The outbox keeps their refresh token sealed with the
 * changes, so its courier can deliver them as their author; that token is
 * neither revoked here nor by a global sign-out, and the courier revokes it
 * once everything is delivered. The access tokens still end at the API.
 * The store is signed out whatever happens.
 */
export function signOut(): Promise<void> {
  // Several reasons to sign out can arrive together (a failed refresh, the user's click): one sign-out.
  signingOut ??= (async () => {
    // A sign-out reaching the API late must not end a session the same person starts after this moment.
    const pressedAt = Date.now();
    try {
      const refreshTokenKept = await runBeforeSignOut();
      const signedOut = await signOutEverywhere(refreshTokenKept, pressedAt);
      // Amplify revokes the refresh token on a local sign-out; the courier's must stay valid.
      if (refreshTokenKept) await forgetTokensWithoutRevoking();
      if (!signedOut) await amplifySignOut();
    } finally {
      sessionStore.set(SIGNED_OUT);
    }
  })().finally(() => {
    signingOut = undefined;
  });
  return signingOut;
}

/**
 * The network part of signing out; whether it finished (tokens forgotten) in
 * time. With `keepRefreshToken`, only the API's sessions end (see signOut).
 */
async function signOutEverywhere(keepRefreshToken: boolean, pressedAt: number): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  const deadline = Date.now() + SIGN_OUT_NETWORK_WAIT_MS;
  const remaining = () => Math.max(0, deadline - Date.now());
  // The saved token, renewed first if it has expired (an expired one would end nothing).
  const token = getAccessToken();
  if ((await within(token, remaining())) !== 'done') return false;
  const accessToken = await token;
  if (!accessToken) return false;
  if (endServerSessions) await within(endServerSessions(accessToken, pressedAt), remaining());
  if (keepRefreshToken) return false;
  const global = amplifySignOut({ global: true });
  const outcome = await within(global, remaining());
  if (outcome === 'late') {
    lateGlobalSignOut = global
      .catch(() => undefined)
      .finally(() => {
        lateGlobalSignOut = undefined;
      });
  }
  return outcome === 'done';
}

/** Resolves once no sign-out of the last user is still under way (the sign-in steps wait for it). */
export async function signOutSettled(): Promise<void> {
  await lateGlobalSignOut;
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
