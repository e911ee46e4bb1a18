/**
 * The backoffice's own queries: counts by role and recent changes. Apart from
 * ./queries, which the signed-in shell loads at start, so that these travel
 * only with the backoffice screen.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { components } from '@contract';
import { api, dataOf } from '@/lib/api';
import { userKeys } from './queries';

/**
 * `GET users/role-counts`. Always asked again when a screen shows it: counts
 * also move with other admins' changes and role edits on profiles.
 */
export function roleCountsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.roleCounts(),
    queryFn: async ({ signal }) => dataOf(await api().GET('/users/role-counts', { signal })),
    staleTime: 0,
  });
}

export type AuditEvent = components['schemas']['AuditEvent'];

/** How many recent changes one page (and each 'Show more') brings. */
export const RECENT_CHANGES_PAGE_SIZE = 10;

interface RecentChangesPage {
  page: number;
  /** The newest record of the first page: later pages stop there, so new records do not shift them. */
  untilId?: number;
}

const FIRST_RECENT_CHANGES_PAGE: RecentChangesPage = { page: 1 };

/**
 * `GET users/audit-events?kind=change`, newest first, a page at a time. Fresh
 * every time the backoffice opens: recent changes are only useful current.
 */
export function recentChangesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: userKeys.recentChanges(),
    initialPageParam: FIRST_RECENT_CHANGES_PAGE,
    queryFn: async ({ pageParam, signal }) =>
      dataOf(
        await api().GET('/users/audit-events', {
          params: {
            query: {
              kind: 'change',
              page: pageParam.page,
              page_size: RECENT_CHANGES_PAGE_SIZE,
              ...(pageParam.untilId === undefined ? {} : { until_id: pageParam.untilId }),
            },
          },
          signal,
        }),
      ),
    getNextPageParam: (lastPage, allPages): RecentChangesPage | undefined => {
      if (lastPage.next === null) return undefined;
      const newest = allPages[0]?.results[0]?.id;
      return { page: lastPage.next, ...(newest === undefined ? {} : { untilId: newest }) };
    },
    staleTime: 0,
  });
}
