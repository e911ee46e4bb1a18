import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';
import { scheduleKeys } from './queries';

/** A client's appointments, past and coming, that were not cancelled or missed. Kept for offline use (the portal's home). */
export function clientAppointmentsQueryOptions(clientId: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: scheduleKeys.ofClient(clientId),
    queryFn: async ({ signal }) =>
      dataOf(
        await api().GET('/appointments', {
          params: {
            query: { client: clientId, status: ['booked', 'checked_in', 'in_progress', 'completed'], limit: 500 },
          },
          signal,
        }),
      ),
  });
}
