import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** What one slot request asks: a service at a clinic over a span (instants). */
export interface SlotFilters {
  service: string;
  clinic: string;
  from: string;
  to: string;
}

/** Query keys of what the portal books; a booking or a move refreshes the slots. */
export const bookingKeys = {
  all: ['booking'] as const,
  tests: () => [...bookingKeys.all, 'tests'] as const,
  slots: () => [...bookingKeys.all, 'slots'] as const,
  slotsOf: (filters: SlotFilters) => [...bookingKeys.slots(), filters] as const,
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

/** `GET slots`: free times, computed by the server now; never kept, since others book meanwhile. */
export function slotsQueryOptions(filters: SlotFilters) {
  return queryOptions({
    queryKey: bookingKeys.slotsOf(filters),
    queryFn: async ({ signal }) => dataOf(await api().GET('/slots', { params: { query: filters }, signal })),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}
