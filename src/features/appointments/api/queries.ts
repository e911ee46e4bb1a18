import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { components, paths } from '@contract';
import { api, dataOf } from '@/lib/api';
import { KEEP_OFFLINE } from '@/lib/query/persist-policy';

/** The query of `GET appointments` (span, clinic, resource, client, status). */
export type AppointmentFilters = NonNullable<paths['/appointments']['get']['parameters']['query']>;
/** The query of `GET schedule` (one clinic, a span of up to 8 days). */
export type ScheduleFilters = paths['/schedule']['get']['parameters']['query'];
/** The query of `GET slots`: a service's free times at a clinic over a span (for one client or resource if named). */
export type SlotFilters = paths['/slots']['get']['parameters']['query'];
type AppointmentList = components['schemas']['AppointmentList'];

/** Query keys of the schedule; a change invalidates only the appointment lists. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  resources: (clinicId: string) => [...scheduleKeys.all, 'resources', clinicId] as const,
  services: () => [...scheduleKeys.all, 'services'] as const,
  appointments: () => [...scheduleKeys.all, 'appointments'] as const,
  list: (filters: AppointmentFilters) => [...scheduleKeys.appointments(), 'list', filters] as const,
  lists: () => [...scheduleKeys.appointments(), 'list'] as const,
  grid: (filters: ScheduleFilters) => [...scheduleKeys.appointments(), 'grid', filters] as const,
  one: (id: string) => [...scheduleKeys.appointments(), 'one', id] as const,
  next: (clientId: string) => [...scheduleKeys.appointments(), 'next', clientId] as const,
  ofClient: (clientId: string) => [...scheduleKeys.appointments(), 'client', clientId] as const,
  upcoming: (clientId: string) => [...scheduleKeys.appointments(), 'upcoming', clientId] as const,
  // Free times follow the appointments: any booking or move refreshes them.
  slots: () => [...scheduleKeys.appointments(), 'slots'] as const,
  slotsOf: (filters: SlotFilters) => [...scheduleKeys.slots(), filters] as const,
};

/** The catalog changes seldom: an hour before it is read again. */
const CATALOG_STALE_MS = 60 * 60 * 1000;

/** `GET resources?clinic=`: the clinic's chairs, chambers, rooms and devices, in its order. */
export function resourcesQueryOptions(clinicId: string) {
  return queryOptions({
    queryKey: scheduleKeys.resources(clinicId),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/resources', { params: { query: { clinic: clinicId } }, signal })),
    staleTime: CATALOG_STALE_MS,
  });
}

/** `GET services`. */
export function servicesQueryOptions() {
  return queryOptions({
    queryKey: scheduleKeys.services(),
    queryFn: async ({ signal }) => dataOf(await api().GET('/services', { signal })),
    staleTime: CATALOG_STALE_MS,
  });
}

/** `GET slots`: free times, computed by the server now; never kept, since others book meanwhile. */
export function slotsQueryOptions(filters: SlotFilters) {
  return queryOptions({
    queryKey: scheduleKeys.slotsOf(filters),
    queryFn: async ({ signal }) => dataOf(await api().GET('/slots', { params: { query: filters }, signal })),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** `GET appointments` for a span of one clinic: the day and week views. */
export function appointmentsQueryOptions(filters: AppointmentFilters) {
  return queryOptions({
    queryKey: scheduleKeys.list(filters),
    queryFn: async ({ signal }) => dataOf(await api().GET('/appointments', { params: { query: filters }, signal })),
    // A schedule moves while it is on screen: others book and check in.
    refetchInterval: 60_000,
  });
}

/** `GET schedule`: what the week grid draws of one clinic's appointments, a third of their whole bytes. */
export function scheduleGridQueryOptions(filters: ScheduleFilters) {
  return queryOptions({
    queryKey: scheduleKeys.grid(filters),
    queryFn: async ({ signal }) => dataOf(await api().GET('/schedule', { params: { query: filters }, signal })),
    refetchInterval: 60_000,
  });
}

/** The newest copy of an appointment among the lists this device holds (today's is kept for offline use). */
function listedAppointment(queryClient: QueryClient, id: string) {
  let found: { appointment: AppointmentList['results'][number]; updatedAt: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: scheduleKeys.lists() })) {
    const appointment = (query.state.data as AppointmentList | undefined)?.results.find((item) => item.id === id);
    if (appointment && (!found || query.state.dataUpdatedAt > found.updatedAt)) {
      found = { appointment, updatedAt: query.state.dataUpdatedAt };
    }
  }
  return found;
}

/**
 * `GET appointments/{id}`: one appointment whole, as the dialog opened from the week grid shows it. It starts
 * from a list's copy where the device has one, so today's opens at once, offline too, and is then read again.
 */
export function appointmentQueryOptions(queryClient: QueryClient, id: string) {
  return queryOptions({
    queryKey: scheduleKeys.one(id),
    queryFn: async ({ signal }) => dataOf(await api().GET('/appointments/{id}', { params: { path: { id } }, signal })),
    initialData: () => listedAppointment(queryClient, id)?.appointment,
    initialDataUpdatedAt: () => listedAppointment(queryClient, id)?.updatedAt,
  });
}

/** Today at one clinic, kept for offline use: the hub shows it from this device when the network drops. */
export function clinicDayQueryOptions(filters: AppointmentFilters) {
  return queryOptions({ ...appointmentsQueryOptions(filters), ...KEEP_OFFLINE });
}

/** A client's next appointment (booked or checked in, ending after now), or null. Kept for offline use. */
export function nextAppointmentQueryOptions(clientId: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: scheduleKeys.next(clientId),
    queryFn: async ({ signal }) => {
      const list = dataOf(
        await api().GET('/appointments', {
          params: {
            query: { client: clientId, from: new Date().toISOString(), status: ['booked', 'checked_in'], limit: 1 },
          },
          signal,
        }),
      );
      return list.results[0] ?? null;
    },
  });
}

/** A client's appointments still to come (booked or checked in, ending after now), earliest first. Kept for offline use. */
export function upcomingAppointmentsQueryOptions(clientId: string) {
  return queryOptions({
    ...KEEP_OFFLINE,
    queryKey: scheduleKeys.upcoming(clientId),
    queryFn: async ({ signal }) => {
      const list = dataOf(
        await api().GET('/appointments', {
          params: {
            query: { client: clientId, from: new Date().toISOString(), status: ['booked', 'checked_in'], limit: 100 },
          },
          signal,
        }),
      );
      return list.results;
    },
  });
}
