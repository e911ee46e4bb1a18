import { queryOptions } from '@tanstack/react-query';
import type { paths } from '@contract';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/**
 * What a user list asks for: the query of `GET users/users` (role, ordering,
 * page, page_size), and search text, which goes in the body of
 * `POST users/users/search` (it names people; an address is logged and kept).
 */
export type UserListFilters = NonNullable<paths['/users/users']['get']['parameters']['query']> & {
  search?: string;
};

/** Query keys of the users feature; mutations invalidate only the keys they touch. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filters: UserListFilters) => [...userKeys.lists(), filters] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
  /** `GET users/role-counts`: counts by role and status (backoffice). */
  roleCounts: () => [...userKeys.all, 'role-counts'] as const,
  /** `GET users/audit-events?kind=change`: the backoffice's recent changes. */
  recentChanges: () => [...userKeys.all, 'audit-events', 'change'] as const,
};

/** `GET users/users/{id}`: one user's Profile and identity attributes. Shared by loaders and components. */
export function userDetailQueryOptions(id: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: userKeys.detail(id),
    queryFn: async ({ signal }) => dataOf(await api().GET('/users/users/{id}', { params: { path: { id } }, signal })),
  });
}

/** UserSearch's defaults in the contract, which its generated body type asks for explicitly. */
const SEARCH_DEFAULTS = { ordering: 'name', page: 1, page_size: 50 } as const;

/**
 * One page of users: `GET users/users`, or with search text
 * `POST users/users/search`. Staff may list clients only (pass
 * `role: 'CLIENT'`), ADMIN and SUPER_ADMIN everyone, a client nobody.
 */
export function userListQueryOptions(filters: UserListFilters = {}) {
  const { search, ...query } = filters;
  return queryOptions({
    // Lists are kept for offline use; a search's answer is not (its text names people).
    ...(search === undefined ? KEEP_OFFLINE : {}),
    queryKey: userKeys.list(filters),
    queryFn: async ({ signal }) =>
      dataOf(
        search === undefined
          ? await api().GET('/users/users', { params: { query }, signal })
          : await api().POST('/users/users/search', { body: { ...SEARCH_DEFAULTS, ...query, search }, signal }),
      ),
  });
}

/** The clients: the one list every staff role may read (discovery). */
export const CLIENTS_ONLY: UserListFilters = { role: 'CLIENT' };

/** Every user: the list of ADMIN and SUPER_ADMIN (backoffice). */
export const EVERYONE: UserListFilters = {};
