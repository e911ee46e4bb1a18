import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api';

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        // Data a user just saw stays fresh for a short while, so moving between
        // screens does not refetch everything.
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
