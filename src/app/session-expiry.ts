import type { QueryClient } from '@tanstack/react-query';
import { isSessionExpiredError } from '@/lib/api/errors';
import { SESSION_EXPIRED_MESSAGE } from '@/lib/api/messages';
import type { SessionSource } from '@/lib/auth/session';

/** Spec section 8: the alert shown when the session expired and could not be refreshed. */
export const SESSION_EXPIRED_ALERT = SESSION_EXPIRED_MESSAGE;

export interface SessionEndDeps {
  session: SessionSource;
  queryClient: QueryClient;
  /** Goes to the sign-in page. */
  toLogin: () => Promise<void>;
  /** lib/auth: runs the expiry listeners, then signs out (once per session). */
  expireSession: () => Promise<void>;
  onSessionExpired: (listener: () => void) => () => void;
  alert: (message: string) => void;
  /** Where stray rejections of calls made outside the query cache surface (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/**
 * How the app reacts when a session ends. The API client and lib/auth only
 * report; this decides what the user sees (the client never alerts or
 * navigates itself):
 * - a call that failed with SessionExpiredError (a query, a mutation, or a
 *   stray promise) ends the session;
 * - a session that ends because it cannot be refreshed shows the spec's alert
 *   first, once, however many calls failed together;
 * - whatever ends a session (that, a failed background refresh, signing out)
 *   leaves for /login and drops the user's cached data.
 */
export function reactToSessionEnd(deps: SessionEndDeps): () => void {
  const { session, queryClient } = deps;

  const report = (error: unknown): void => {
    if (isSessionExpiredError(error)) void deps.expireSession();
  };

  const stops = [
    deps.onSessionExpired(() => deps.alert(SESSION_EXPIRED_ALERT)),
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') report(event.action.error);
    }),
    queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') report(event.action.error);
    }),
  ];

  let signedIn = session.getSnapshot().authenticated;
  stops.push(
    session.subscribe(() => {
      const now = session.getSnapshot().authenticated;
      if (signedIn && !now) {
        // Leave the signed-in screens first, so nothing refetches without a session, then forget the data.
        void deps
          .toLogin()
          .catch((error: unknown) => console.error('Thrive: could not return to sign-in', error))
          // Fetches paused offline would go on without a session once the network returns: they stop here.
          .then(() => queryClient.cancelQueries())
          .then(() => queryClient.clear());
      }
      signedIn = now;
    }),
  );

  if (deps.events) {
    const events = deps.events;
    const onRejection = (event: Event) => {
      const reason: unknown = (event as PromiseRejectionEvent).reason;
      if (!isSessionExpiredError(reason)) return;
      event.preventDefault();
      report(reason);
    };
    events.addEventListener('unhandledrejection', onRejection);
    stops.push(() => events.removeEventListener('unhandledrejection', onRejection));
  }

  return () => {
    for (const stop of stops) stop();
  };
}
