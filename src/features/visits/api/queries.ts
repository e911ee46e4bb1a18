import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { paths } from '@contract';
import { api, dataOf, isApiError } from '@/lib/api';
import { FRESH_MS } from '@/lib/query/freshness';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';
import type { Visit } from '../model/draft';
import { createdHereOnly } from './record';

/** The query of `GET visits` (client, state, therapy, clinic, appointment). */
export type VisitFilters = NonNullable<paths['/visits']['get']['parameters']['query']>;

/** Query keys of therapy visits; a change refreshes its visit and the lists. */
export const visitKeys = {
  all: ['visits'] as const,
  lists: () => [...visitKeys.all, 'list'] as const,
  list: (filters: VisitFilters) => [...visitKeys.lists(), filters] as const,
  detail: (id: string) => [...visitKeys.all, 'detail', id.toLowerCase()] as const,
};

/**
 * `GET visits/{id}`, or null when the server has no such visit (yet: one
 * started on this device and not sent). Kept for offline use: a nurse charts
 * on at the bay when the Wi-Fi drops.
 */
export function visitQueryOptions(id: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: visitKeys.detail(id),
    queryFn: async ({ signal }): Promise<Visit | null> => {
      if (createdHereOnly(id)) return null;
      try {
        return dataOf(await api().GET('/visits/{id}', { params: { path: { id } }, signal }));
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    // 'Not on the server' is asked again at every mount: the visit may have been sent since (a reload
    // restores the cache as it was saved, which can be from just before the send).
    staleTime: (query) => (query.state.data === null ? 0 : FRESH_MS),
  });
}

/** `GET visits` with filters: a client's history, an appointment's visit, the drafts of a clinic. Kept offline. */
export function visitListQueryOptions(filters: VisitFilters) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: visitKeys.list(filters),
    queryFn: async ({ signal }) => dataOf(await api().GET('/visits', { params: { query: filters }, signal })),
  });
}

/**
 * For a visit screen's loader: the visit from this device if it holds it,
 * else from the server; never an error (a new visit is not on the server,
 * and offline the screen says what it can show).
 */
export async function prefetchVisit(queryClient: QueryClient, id: string): Promise<void> {
  await queryClient.query({ ...visitQueryOptions(id), staleTime: 'static' }).catch(() => null);
}
