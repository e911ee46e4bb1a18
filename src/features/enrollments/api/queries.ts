import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { EnrollmentCreate, EnrollmentPatch } from '../model/labels';

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

/**
 * The enrollment calls. Each refreshes only this user's lists. Mutations are
 * not paused offline: the panel checks the connection first, and a call that
 * still meets no network fails at once and says so.
 */
function useInvalidateLists(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: enrollmentKeys.listsOf(userId) });
}

/** `POST users/user-program-enrollments`. */
export function useCreateEnrollment(userId: string) {
  const invalidate = useInvalidateLists(userId);
  return useMutation({
    mutationFn: async (body: EnrollmentCreate) => dataOf(await api().POST('/users/user-program-enrollments', { body })),
    networkMode: 'always',
    onSuccess: invalidate,
  });
}

/** `PATCH users/user-program-enrollments/{id}`. */
export function useUpdateEnrollment(userId: string) {
  const invalidate = useInvalidateLists(userId);
  return useMutation({
    mutationFn: async ({ id, version, patch }: { id: string; version: number; patch: EnrollmentPatch }) =>
      dataOf(
        await api().PATCH('/users/user-program-enrollments/{id}', {
          // The version on screen: a change made meanwhile by someone else is refused (412), not overwritten.
          params: { path: { id }, header: { 'If-Match': `"${version}"` } },
          body: patch,
        }),
      ),
    networkMode: 'always',
    // Also after a failure: a 404 means the list on screen is out of date.
    onSettled: invalidate,
  });
}

/** `DELETE users/user-program-enrollments/{id}`. */
export function useDeleteEnrollment(userId: string) {
  const invalidate = useInvalidateLists(userId);
  return useMutation({
    mutationFn: async (id: string) => {
      await api().DELETE('/users/user-program-enrollments/{id}', { params: { path: { id } } });
    },
    networkMode: 'always',
    // Also after a failure: a 404 means the list on screen is out of date.
    onSettled: invalidate,
  });
}
