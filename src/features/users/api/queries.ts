import { queryOptions } from '@tanstack/react-query';
import type { paths } from '@contract';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** The query of `GET users/users` (search, role, ordering, page, page_size). */
export type UserListFilters = NonNullable<paths['/users/users']['get']['parameters']['query']>;

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

/**
 * `GET users/users`: one page of users. Staff may list clients only (pass
 * `role: 'CLIENT'`), ADMIN and SUPER_ADMIN everyone, a client nobody.
 */
export function userListQueryOptions(filters: UserListFilters = {}) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: userKeys.list(filters),
    queryFn: async ({ signal }) => dataOf(await api().GET('/users/users', { params: { query: filters }, signal })),
  });
}

/** The clients: the one list every staff role may read (discovery). */
export const CLIENTS_ONLY: UserListFilters = { role: 'CLIENT' };

/** Every user: the list of ADMIN and SUPER_ADMIN (backoffice). */
export const EVERYONE: UserListFilters = {};
