import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** Query keys of the client's reports. */
export const reportKeys = {
  all: ['reports'] as const,
  visits: (clientId: string) => [...reportKeys.all, 'visits', clientId.toLowerCase()] as const,
  visit: (id: string) => [...reportKeys.all, 'visit', id.toLowerCase()] as const,
};

/** How many signed visits the reports list; older ones are the clinic's to send. */
export const REPORTED_VISITS = 50;

/**
 * `GET visits?client=&state=signed`: the client's signed visits, newest first
 * (the server never lists a draft to a client). Kept on the device.
 */
export function signedVisitsQueryOptions(clientId: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: reportKeys.visits(clientId),
    queryFn: async ({ signal }) =>
      dataOf(
        await api().GET('/visits', {
          params: { query: { client: clientId, state: 'signed', limit: REPORTED_VISITS } },
          signal,
        }),
      ),
  });
}
