import { queryOptions } from '@tanstack/react-query';
import type { paths } from '@contract';
import { api, dataOf } from '@/lib/api';

export type ProgramFilters = NonNullable<paths['/programs']['get']['parameters']['query']>;
export type ProgramDetailFilters = NonNullable<paths['/programs/{id}']['get']['parameters']['query']>;

/** Query keys of the thrive dashboard. */
export const programKeys = {
  all: ['programs'] as const,
  lists: () => [...programKeys.all, 'list'] as const,
  list: (filters: ProgramFilters) => [...programKeys.lists(), filters] as const,
  detail: (id: string, filters: ProgramDetailFilters) => [...programKeys.all, 'detail', id, filters] as const,
};

/** Progress moves with every visit signed at the bays: read again after a minute on screen. */
const PROGRESS_STALE_MS = 60_000;

/** `GET programs`: every program with the enrollments the filters keep, each with its progress. */
export function programsQueryOptions(filters: ProgramFilters = {}) {
  return queryOptions({
    queryKey: programKeys.list(filters),
    queryFn: async ({ signal }) => dataOf(await api().GET('/programs', { params: { query: filters }, signal })),
    staleTime: PROGRESS_STALE_MS,
  });
}

/** `GET programs/{id}`: one program, its enrolled clients' progress and its sessions per week. */
export function programQueryOptions(id: string, filters: ProgramDetailFilters = {}) {
  return queryOptions({
    queryKey: programKeys.detail(id, filters),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/programs/{id}', { params: { path: { id }, query: filters }, signal })),
    staleTime: PROGRESS_STALE_MS,
  });
}
