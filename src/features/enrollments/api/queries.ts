import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';

/** Enrollments shown per page; a client rarely has more than a handful. */
export const ENROLLMENT_PAGE_SIZE = 20;

/** Query keys of the enrollments feature; a change touches only the lists of the user it belongs to. */
export const enrollmentKeys = {
  all: ['enrollments'] as const,
  lists: () => [...enrollmentKeys.all, 'list'] as const,
  listsOf: (userId: string) => [...enrollmentKeys.lists(), userId] as const,
  list: (userId: string, page: number) => [...enrollmentKeys.listsOf(userId), { page }] as const,
};

/** `GET users/user-program-enrollments?user=`: one page of a user's enrollments, newest start first. */
export function enrollmentListQueryOptions(userId: string, page = 1) {
  return queryOptions({
    queryKey: enrollmentKeys.list(userId, page),
    queryFn: async ({ signal }) =>
      dataOf(
        await api().GET('/users/user-program-enrollments', {
          params: { query: { user: userId, page, page_size: ENROLLMENT_PAGE_SIZE } },
          signal,
        }),
      ),
    // Moving between pages keeps the one on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}
