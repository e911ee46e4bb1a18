import type { SessionSource } from './session';

/**
 * How long a signed-in session lives (spec sections 4 and 9): its credentials
 * are refreshed every 50 minutes while signed in, and a refresh that fails
 * ends the session. No Amplify in here: the refresh and sign-out are passed
 * in, so the rules run in unit tests with fake timers.
 */

/** Credentials refresh after 50 minutes (spec section 9); access tokens live 15 minutes, and Amplify renews an expired one before it is used. */
export const SESSION_REFRESH_MS = 50 * 60 * 1000;
/** When the identity service could not be reached, try again this much later rather than sign out. */
export const REFRESH_RETRY_MS = 60 * 1000;

/**
 * `refused`: the identity service will not renew the session (sign in again).
 * `unreachable`: no answer (offline); nothing is decided, the tokens are kept.
 */
export type RefreshResult = 'refreshed' | 'refused' | 'unreachable';

export interface SessionLifetimeDeps {
  session: SessionSource;
  refresh: () => Promise<RefreshResult>;
  signOut: () => Promise<void>;
  refreshEveryMs?: number;
  retryMs?: number;
}

export interface SessionLifetime {
  /**
   * The session cannot be refreshed: tells the listeners (the app shows its
   * alert), then signs out. Once per session, however many callers report it;
   * nothing happens while signed out.
   */
  expire: () => Promise<void>;
  /** Listeners run before the sign-out. */
  onExpired: (listener: () => void) => () => void;
  /** Any refresh (the timer's, the API client's, the SDK's own) restarts the 50 minutes. */
  refreshed: () => void;
  /** Starts following the session: a timer while signed in, none while signed out. Returns a stop function. */
  start: () => () => void;
}

export function createSessionLifetime({
  session,
  refresh,
  signOut,
  refreshEveryMs = SESSION_REFRESH_MS,
  retryMs = REFRESH_RETRY_MS,
}: SessionLifetimeDeps): SessionLifetime {
  const listeners = new Set<() => void>();
  let expiring: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  function clear(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function schedule(ms: number): void {
    clear();
    if (!running || !session.getSnapshot().authenticated) return;
    timer = setTimeout(() => {
      timer = undefined;
      void refreshNow();
    }, ms);
  }

  async function refreshNow(): Promise<void> {
    let result: RefreshResult;
    try {
      result = await refresh();
    } catch {
      result = 'unreachable';
    }
    switch (result) {
      case 'refreshed':
        return schedule(refreshEveryMs);
      case 'unreachable':
        return schedule(retryMs);
      case 'refused':
        return expire();
    }
  }

  function expire(): Promise<void> {
    if (!session.getSnapshot().authenticated) return Promise.resolve();
    expiring ??= (async () => {
      clear();
      for (const listener of listeners) {
        try {
          listener();
        } catch (error) {
          console.error('Thrive: a session-expiry listener failed', error);
        }
      }
      await signOut();
    })().finally(() => {
      expiring = undefined;
    });
    return expiring;
  }

  return {
    expire,
    onExpired(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refreshed: () => schedule(refreshEveryMs),
    start() {
      running = true;
      let signedIn = session.getSnapshot().authenticated;
      if (signedIn) schedule(refreshEveryMs);
      const unsubscribe = session.subscribe(() => {
        const now = session.getSnapshot().authenticated;
        // Signing in starts the 50 minutes; signing out stops them.
        if (now && !signedIn) schedule(refreshEveryMs);
        if (!now) clear();
        signedIn = now;
      });
      return () => {
        running = false;
        unsubscribe();
        clear();
      };
    },
  };
}
