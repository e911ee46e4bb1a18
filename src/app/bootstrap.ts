import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { readEnv } from '@/config/env';
import { recheckConsentWhenRefused } from '@/features/hipaa';
import { api, endSessionsAtApi, initApi } from '@/lib/api';
import { createApiClient } from '@/lib/api/client';
import { deviceId } from '@/lib/api/device-id';
import { initOutbox, markStaleWhenDelivered, refreshWhenDelivered, sendThroughApi } from '@/lib/outbox';
import { configureIdentity, loadIdentity, loadSignIn, whenIdentityLoaded } from '@/lib/auth/identity';
import { mayHoldSession } from '@/lib/auth/token-keys';
import { openSessionUser, sessionStore } from '@/lib/auth/session';
import { dataKeys } from '@/lib/storage/data-keys';
import { whenIdle } from '@/lib/when-idle';
import { onIntent } from '@/lib/intent';
import { revealApp } from '@/lib/shell-handover';
import { createQueryClient } from '@/lib/query/client';
import { deviceSettings, keepsDeviceData, keepsTokensInTabOnly, persistsData } from '@/pwa/device-mode';
import { startLocalData } from '@/pwa/local-data';
import { startPwa } from './pwa';
import { createAppRouter, preloadRouteError, reloadOfflineScreensWhenOnline, type AppRouter } from './router';
import { followLockedStart } from './locked-start-mark';
import { reactToSessionEnd } from './session-expiry';

export type Boot =
  { kind: 'config-error'; problems: string[] } | { kind: 'ready'; router: AppRouter; queryClient: QueryClient };

let boot: Promise<Boot> | undefined;

/**
 * Starts Thrive once: checks the configuration, configures the identity
 * service and the API client, and restores the saved session before any
 * route (and so any guard) runs.
 */
export function startApp(): Promise<Boot> {
  boot ??= start();
  return boot;
}

async function start(): Promise<Boot> {
  const result = readEnv();
  if (!result.ok) {
    console.error(
      `Thrive configuration error. Set these build variables (see .env):\n${result.problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    return { kind: 'config-error', problems: result.problems };
  }
  const { env } = result;
  const device = deviceSettings();
  configureIdentity({
    userPoolId: env.cognito.userPoolId,
    clientId: env.cognito.clientId,
    endpoint: env.cognito.endpoint,
    authFlow: env.authFlow,
    tokensInTabOnly: keepsTokensInTabOnly(device.mode),
  });
  const auth = () => loadIdentity();
  // Loaded beside the identity SDK, off the entry: only personal devices count days without use.
  const longIdle = device.mode === 'personal' ? import('@/pwa/long-idle') : undefined;
  const queryClient = createQueryClient();
  initApi({
    baseUrl: env.apiBase,
    deviceId: deviceId(),
    getAccessToken: async () => (await auth()).session.getAccessToken(),
    refreshSession: async () => (await auth()).session.refreshSession(),
  });
  // Where the device keeps data, a signed-in person is locked until this page holds their data key (sign-in or unlock).
  const persists = persistsData(device.mode);
  sessionStore.locks((username) => persists && !dataKeys.keyOf(username), dataKeys.subscribe);
  forgetKeysAtSignOut();
  const outbox = initOutbox({
    // A locked person's unsent changes are neither shown nor sent until they unlock.
    currentUser: () => openSessionUser(sessionStore.getSnapshot()),
    subscribeToSession: sessionStore.subscribe,
    persists,
    keyOf: dataKeys.keyOf,
    isOnline: () => onlineManager.isOnline(),
    subscribeToOnline: (listener) => onlineManager.subscribe(listener),
    send: (item) => sendThroughApi(api(), item),
    // What shows the record is refreshed from the server once it has the change.
    onDelivered: refreshWhenDelivered(queryClient),
    onDeliveredForOthers: markStaleWhenDelivered(queryClient),
    courier: {
      capture: async () => (await auth()).delivery.currentRefreshToken(),
      // A client of its own, holding the signed-out author's token, never the signed-in person's.
      sender: (credential, rotated) => {
        let refreshToken = credential;
        let accessToken: string | undefined;
        const renew = async () => {
          const fresh = await (await auth()).delivery.accessTokenFromRefreshToken(refreshToken);
          if (!fresh) return undefined;
          if (fresh.refreshToken !== refreshToken) {
            refreshToken = fresh.refreshToken;
            rotated(refreshToken);
          }
          accessToken = fresh.accessToken;
          return accessToken;
        };
        const client = createApiClient({
          baseUrl: env.apiBase,
          deviceId: deviceId(),
          getAccessToken: async () => accessToken ?? (await renew()),
          refreshSession: renew,
        });
        return (item) => sendThroughApi(client, item);
      },
      release: async (credential) => (await auth()).delivery.revokeRefreshToken(credential),
    },
  });
  startPwa(sessionStore, async () => (await auth()).session.restoreSession());
  // The service worker answers the next start with the unlock screen while a saved session will open on it.
  followLockedStart(sessionStore);
  // Created now, mounted (and so guarded) only once the session is known below.
  const router = createAppRouter({ auth: sessionStore, queryClient });
  // The prerendered sign-in page (login.html) gives way to the live app once its first screen has rendered.
  router.subscribe('onRendered', revealApp);
  // The sign-in page is the first screen of most starts without a session; its
  // chunk loads while the session is read. On later starts the service worker,
  // which precaches every chunk, answers at once.
  void router.loadRouteChunk(router.routesById['/login']);

  whenIdentityLoaded(({ session }) => {
    // Every sign-out (the button, idle, an expired session, a new device mode) ends the user's sessions at the API.
    session.onSignOutEndServerSessions((accessToken, pressedAt) =>
      endSessionsAtApi(accessToken, keepsDeviceData(), pressedAt),
    );
    // A person signing out with changes unsent leaves their own credential with them, for the courier.
    session.onBeforeSignOut(async () => {
      const leaving = sessionStore.getSnapshot();
      // A locked person's changes were never opened here: what they may have left sealed is not known.
      const leavesSealed = leaving.locked === true || outbox.getSnapshot().counts.total > 0;
      const kept = await outbox.handOver();
      if (persists && leaving.username) await clearKeyringAtSignOut(leaving.username, leavesSealed);
      return kept;
    });
    // Reads under way stop before the sessions end, so none reaches the API with a token it has just ended.
    session.onBeforeSignOut(async () => {
      await queryClient.cancelQueries();
      return false;
    });
  });
  // Without a saved session the identity SDK waits until someone starts to sign in, or the page is idle.
  if (mayHoldSession()) await (await auth()).session.restoreSession();
  else loadWhenWanted(() => void loadSignIn());
  // A personal device unused for two weeks signs out before anything of the session shows (offline too).
  if (longIdle) {
    const { startLongIdleSignOut } = await longIdle;
    await startLongIdleSignOut({ session: sessionStore, signOut: async () => (await auth()).session.signOut() });
  }
  // The signed-in author's unsent changes are back before any screen shows the records they change.
  await outbox.start();
  // The signed-in user's saved data is back in the cache before any loader runs (an offline start).
  await startLocalData({ queryClient, session: sessionStore, settings: device, buildId: env.buildId });
  // A session that expires or ends: the spec's alert, then /login (src/app/session-expiry.ts).
  reactToSessionEnd({
    session: sessionStore,
    queryClient,
    toLogin: () => router.navigate({ to: '/login' }),
    expireSession: async () => (await auth()).session.expireSession(),
    onSessionExpired: (listener) => {
      let stop: (() => void) | undefined;
      const unwatch = whenIdentityLoaded(({ session }) => {
        stop = session.onSessionExpired(listener);
      });
      return () => {
        unwatch();
        stop?.();
      };
    },
    alert: (message) => window.alert(message),
    events: window,
  });
  recheckConsentWhenRefused(queryClient, sessionStore);
  reloadOfflineScreensWhenOnline(router);
  whenIdle(preloadRouteError, 10_000);
  return { kind: 'ready', router, queryClient };
}

/**
 * Runs `load` once: at the first sign that the person is about to sign in (src/lib/intent.ts: also on the
 * prerendered page before the app was there), or when the page is next idle.
 */
function loadWhenWanted(load: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    load();
  };
  onIntent(once);
  whenIdle(once, 10_000);
}

/**
 * Signing out takes the person's entry out of the keyring (their passkey's
 * wrap with it), unless unsent changes stay sealed under their data key for
 * them: then the password's wrap stays, so their next sign-in or unlock here
 * opens them. Loaded then, off the first screen.
 */
async function clearKeyringAtSignOut(username: string, leavesSealed: boolean): Promise<void> {
  const { keyring } = await import('@/lib/storage/keyring');
  await keyring.clearAtSignOut(username, { keepPasswordWrap: leavesSealed });
}

/**
 * The page lets go of a person's data key when they sign out or someone else
 * signs in: from then on only their password opens their data here. A courier
 * at work keeps the store it has open until it is done.
 */
function forgetKeysAtSignOut(): void {
  let holder = openSessionUser(sessionStore.getSnapshot());
  sessionStore.subscribe(() => {
    const session = sessionStore.getSnapshot();
    const now = session.authenticated ? session.username : null;
    if (holder !== null && holder !== now) dataKeys.forget(holder);
    holder = now;
  });
}
