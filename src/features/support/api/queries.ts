import { queryOptions } from '@tanstack/react-query';
import type { paths } from '@contract';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** The query of `GET support/threads` (status, clinic, limit). */
export type ThreadFilters = NonNullable<paths['/support/threads']['get']['parameters']['query']>;

/** Query keys of messages to the clinic; a message sent refreshes them all. */
export const supportKeys = {
  all: ['support'] as const,
  list: (filters: ThreadFilters) => [...supportKeys.all, 'list', filters] as const,
  detail: (id: string) => [...supportKeys.all, 'detail', id.toLowerCase()] as const,
};

/** `GET support/threads`: kept for offline reading. */
export function threadsQueryOptions(filters: ThreadFilters) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: supportKeys.list(filters),
    queryFn: async ({ signal }) => dataOf(await api().GET('/support/threads', { params: { query: filters }, signal })),
    // An answer may have come meanwhile: read again whenever shown, and every minute while on screen.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/** `GET support/threads/{id}`: one thread with its messages, kept for offline reading. */
export function threadQueryOptions(id: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: supportKeys.detail(id),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/support/threads/{id}', { params: { path: { id } }, signal })),
    staleTime: 0,
  });
}
