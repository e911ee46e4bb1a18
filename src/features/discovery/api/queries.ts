import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';
import type { RecentClient } from '../model/clients';

/** How many results the search shows; a nurse narrows the text rather than scrolling. */
export const SEARCH_LIMIT = 20;
/** How many clients this device remembers as recently opened, per signed-in person. */
export const RECENT_LIMIT = 8;

/** Query keys of discovery. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  searches: () => [...discoveryKeys.all, 'search'] as const,
  search: (text: string) => [...discoveryKeys.searches(), text] as const,
  recent: () => [...discoveryKeys.all, 'recent'] as const,
};

/** `POST clients/search`: the clients matching what was typed, best first (the text in the body, never the URL). */
export function clientSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: discoveryKeys.search(text),
    queryFn: async ({ signal }) =>
      dataOf(await api().POST('/clients/search', { body: { q: text, limit: SEARCH_LIMIT }, signal })),
    // Results of one text stay for the moment it takes to type on and come back to it.
    staleTime: 15_000,
  });
}

/**
 * The clients this person opened lately on this device. Never from the server: it lives in the query
 * cache, so it is kept the way the cache is (encrypted, in this person's own slot, wiped at sign-out,
 * nothing on a kiosk) and never in plain storage.
 */
export function recentClientsQueryOptions() {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: discoveryKeys.recent(),
    queryFn: (): RecentClient[] => [],
    staleTime: 'static',
    // Nothing to fetch: the list answers offline as well.
    networkMode: 'always',
  });
}
