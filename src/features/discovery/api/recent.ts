import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { components } from '@contract';
import { userKeys } from '@/features/people';
import { RECENT_LIMIT, discoveryKeys, recentClientsQueryOptions } from './queries';
import { fromUserSummary, withRecent, type FoundClient, type RecentClient } from '../model/clients';

/** Puts `client` first among this person's recent clients on this device. */
export function rememberRecentClient(queryClient: QueryClient, client: FoundClient, now = new Date()): void {
  // Built with its options first, so the list is kept the way recentClientsQueryOptions says (offline, per user).
  const { meta, gcTime, networkMode } = recentClientsQueryOptions();
  queryClient
    .getQueryCache()
    .build<RecentClient[]>(queryClient, { queryKey: discoveryKeys.recent(), meta, gcTime, networkMode });
  queryClient.setQueryData(discoveryKeys.recent(), (list: RecentClient[] | undefined) =>
    withRecent(list ?? [], { ...client, opened_at: now.toISOString() }, RECENT_LIMIT),
  );
}

/** `rememberRecentClient` for a screen that opens a client: the same function while the query client is. */
export function useRememberRecentClient(): (client: FoundClient) => void {
  const queryClient = useQueryClient();
  return useCallback((client: FoundClient) => rememberRecentClient(queryClient, client), [queryClient]);
}

/** Every client this device holds: recent ones, search results of this session, and the saved client lists. */
export function savedClients(queryClient: QueryClient): FoundClient[] {
  const recent = queryClient.getQueryData<RecentClient[]>(discoveryKeys.recent()) ?? [];
  const searched = queryClient
    .getQueriesData<{ results: FoundClient[] }>({ queryKey: discoveryKeys.searches() })
    .flatMap(([, data]) => data?.results ?? []);
  const listed = queryClient
    .getQueriesData<components['schemas']['UserList']>({ queryKey: userKeys.lists() })
    .flatMap(([, data]) => data?.results ?? [])
    .filter((user) => user.role === 'CLIENT')
    .map(fromUserSummary);
  return [...recent, ...searched, ...listed];
}

export function useSavedClients(): () => FoundClient[] {
  const queryClient = useQueryClient();
  return () => savedClients(queryClient);
}
