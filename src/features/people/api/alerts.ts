import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** The query key of what staff must know before treating a client (a change to it refreshes this key). */
export const clientAlertKeys = {
  of: (clientId: string) => ['clients', 'alerts', clientId.toLowerCase()] as const,
};

/**
 * `GET clients/{id}/alerts`: consent, contraindications and reactions from past visits, and a very low
 * Thrive check with the contacts about it. Shown at the top of the client's page and in the chart's
 * banner, and kept for offline use: what a nurse must know before treating someone is needed most when
 * the Wi-Fi at the bay drops.
 */
export function clientAlertsQueryOptions(clientId: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: clientAlertKeys.of(clientId),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/clients/{id}/alerts', { params: { path: { id: clientId } }, signal })),
  });
}
