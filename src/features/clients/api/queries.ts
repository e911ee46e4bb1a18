import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** Query keys of a client's discovery page. */
export const clientKeys = {
  all: ['clients'] as const,
  visits: (clientId: string) => [...clientKeys.all, 'visits', clientId] as const,
  appointments: (clientId: string, when: 'upcoming' | 'past') =>
    [...clientKeys.all, 'appointments', clientId, when] as const,
};

/** How many visits the history shows; the oldest are on the visit screens' own lists. */
const VISIT_HISTORY = 20;
const APPOINTMENTS_SHOWN = 5;
/** How far back "past appointments" look. */
const PAST_DAYS = 180;

/** `GET visits?client=`: the client's visits, newest first. Kept for offline use, like the alerts. */
export function clientVisitsQueryOptions(clientId: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: clientKeys.visits(clientId),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/visits', { params: { query: { client: clientId, limit: VISIT_HISTORY } }, signal })),
  });
}

/** `GET appointments?client=`: the next few, or the last few of the past half year (newest first). */
export function clientAppointmentsQueryOptions(clientId: string, when: 'upcoming' | 'past') {
  return queryOptions({
    queryKey: clientKeys.appointments(clientId, when),
    queryFn: async ({ signal }) => {
      const now = new Date();
      const query =
        when === 'upcoming'
          ? {
              client: clientId,
              from: now.toISOString(),
              status: ['booked' as const, 'checked_in' as const, 'in_progress' as const],
              limit: APPOINTMENTS_SHOWN,
            }
          : {
              client: clientId,
              from: new Date(now.getTime() - PAST_DAYS * 24 * 60 * 60 * 1000).toISOString(),
              to: now.toISOString(),
              limit: 500,
            };
      const list = dataOf(await api().GET('/appointments', { params: { query }, signal }));
      const results =
        when === 'upcoming'
          ? list.results
          : list.results
              .filter((appointment) => Date.parse(appointment.ends_at) <= now.getTime())
              .reverse()
              .slice(0, APPOINTMENTS_SHOWN);
      return results;
    },
  });
}
