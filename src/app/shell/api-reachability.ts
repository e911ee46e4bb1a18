import { onlineManager, type Query, type QueryCache } from '@tanstack/react-query';
import { pageErrors, type PageErrorStore } from '@/components/ErrorBannerArea';
import { LOAD_ERROR_MESSAGES } from '@/lib/api';
import { isApiError } from '@/lib/api';

/** Spec section 8: the API cannot be reached. */
export const API_UNREACHABLE_MESSAGE = LOAD_ERROR_MESSAGES.network;

/** Whether the browser believes it is online: an offline device is not an error (src/pwa shows it quietly). */
function browserOnline(): boolean {
  return onlineManager.isOnline() && (typeof navigator === 'undefined' || navigator.onLine);
}

/** A query whose last fetch got no answer at all from the API. */
function failedToReachApi({ status, error }: { status: Query['state']['status']; error: unknown }): boolean {
  return status === 'error' && isApiError(error) && error.isNetworkError;
}

/**
 * Raises the "API unreachable" page error when a query fails without an answer
 * from the API while the browser is online, and withdraws it as soon as any
 * later query succeeds. One banner however many queries fail; once the person
 * dismisses it, it stays away until the API has answered again.
 *
 * Returns the function that stops watching.
 */
export function watchApiReachability(cache: QueryCache, store: PageErrorStore = pageErrors): () => void {
  let withdraw: (() => void) | undefined;

  const unreachable = () => {
    if (withdraw || !browserOnline()) return;
    withdraw = store.raise({ message: API_UNREACHABLE_MESSAGE });
  };
  const reachable = () => {
    withdraw?.();
    withdraw = undefined;
  };

  // A query that failed before the shell was on screen (the first screen's loader) counts too.
  const queries = cache.getAll();
  const latestSuccess = Math.max(0, ...queries.map((query) => query.state.dataUpdatedAt));
  if (queries.some((query) => failedToReachApi(query.state) && query.state.errorUpdatedAt > latestSuccess)) {
    unreachable();
  }

  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'updated') return;
    // Data written by the app itself (setQueryData) says nothing about the API.
    if (event.action.type === 'success' && !event.action.manual) reachable();
    else if (
      event.action.type === 'error' &&
      failedToReachApi({ status: 'error', error: event.action.error as unknown })
    ) {
      unreachable();
    }
  });
  return () => {
    unsubscribe();
    reachable();
  };
}
