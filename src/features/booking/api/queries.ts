import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** Query keys of what the portal books (its free times are the schedule's: `slotsQueryOptions`). */
export const bookingKeys = {
  all: ['booking'] as const,
  tests: () => [...bookingKeys.all, 'tests'] as const,
};

/** `GET tests`: the catalogue, kept for offline reading (booking itself needs the network). */
export function testsQueryOptions() {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: bookingKeys.tests(),
    queryFn: async ({ signal }) => dataOf(await api().GET('/tests', { signal })),
    staleTime: 60 * 60 * 1000,
  });
}
