import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api';

/** Query keys of the users feature; mutations invalidate only the keys they touch. */
export const userKeys = {
  all: ['users'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
};

/** `GET users/users/{id}`: one user's Profile and identity attributes. Shared by loaders and components. */
export function userDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: async ({ signal }) => dataOf(await api().GET('/users/users/{id}', { params: { path: { id } }, signal })),
  });
}
