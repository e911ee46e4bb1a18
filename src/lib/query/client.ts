import { FRESH_MS } from './freshness';
import {
  QueryClient,
  onlineManager,
  type DefaultError,
  type Query,
  type QueryCache,
  type QueryExecuteOptions,
  type QueryKey,
} from '@tanstack/react-query';
// The errors alone, not the API client: the query client is part of the first screen.
import { isApiError } from '@/lib/api/errors';
import { OfflineError } from './offline';

/** How many times a failed query is tried again before its error is shown. */
export const MAX_QUERY_RETRIES = 2;

/**
 * Retry only what may succeed on a second try: no answer at all, or a server
 * error. A 4xx (bad request, not signed in, not allowed, not found) will not change.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (isApiError(error)) return error.isNetworkError || error.status >= 500;
  return false;
}

/**
 * Settles `fetching` as soon as TanStack Query pauses the query because the
 * device is offline: with the data saved on this device if there is any,
 * else with an OfflineError. The paused fetch itself goes on, and completes
 * once the network returns.
 */
function settleWhenPausedOffline<T>(
  cache: QueryCache,
  query: Query | undefined,
  fetching: Promise<T>,
  saved: () => T,
): Promise<T> {
  if (!query) return fetching;
  let unsubscribe = () => {};
  const pausedOffline = new Promise<T>((resolve, reject) => {
    const check = () => {
      // Paused while online means "about to continue" (or a hidden tab): keep waiting.
      if (query.state.fetchStatus !== 'paused' || onlineManager.isOnline()) return;
      if (query.state.data !== undefined) resolve(saved());
      else reject(new OfflineError());
    };
    unsubscribe = cache.subscribe((event) => {
      if (event.query === query) check();
    });
    check();
  });
  return Promise.race([fetching, pausedOffline]).finally(() => unsubscribe());
}

/**
 * TanStack Query pauses a fetch while the device is offline (networkMode
 * 'online') and continues it when the network returns. Components show that
 * wait themselves, but a route loader awaiting `query` would hold the route's
 * spinner up for as long as the device stays offline. Here `query`, the call
 * that hands data to someone waiting (loaders and prefetches use it), answers
 * at once instead: with what is saved, or with an OfflineError the screen can
 * explain.
 */
export class ThriveQueryClient extends QueryClient {
  override query<
    TQueryFnData,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(options: QueryExecuteOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>): Promise<TData> {
    const fetching = super.query(options);
    const query = this.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    const select = options.select;
    return settleWhenPausedOffline(this.getQueryCache(), query, fetching, () => {
      const data = query?.state.data as TQueryData;
      return select ? select(data) : (data as unknown as TData);
    });
  }
}

export function createQueryClient(): QueryClient {
  return new ThriveQueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        staleTime: FRESH_MS,
      },
      mutations: { retry: false },
    },
  });
}
