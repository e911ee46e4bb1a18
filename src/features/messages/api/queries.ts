import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '@contract';
import { api, dataOf } from '@/lib/api';

export type Message = components['schemas']['Message'];
export type MessagePreferences = components['schemas']['MessagePreferences'];

/** Query keys of what the clinic sent: a client's list, an appointment's, a client's channels. */
export const messageKeys = {
  all: ['messages'] as const,
  client: (clientId: string) => [...messageKeys.all, 'client', clientId.toLowerCase()] as const,
  appointment: (appointmentId: string) => [...messageKeys.all, 'appointment', appointmentId.toLowerCase()] as const,
  preferences: (clientId: string) => [...messageKeys.all, 'preferences', clientId.toLowerCase()] as const,
  staffAlerts: (query: StaffAlertsQuery) => [...messageKeys.all, 'staff-alerts', query] as const,
  clinic: (clinicId: string) => [...messageKeys.all, 'clinic', clinicId.toLowerCase()] as const,
};

type StaffAlertsQuery = NonNullable<operations['listStaffAlerts']['parameters']['query']>;

/** `GET clients/{id}/messages`: not kept offline (a list of what was sent is no help without the network). */
export function clientMessagesQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: messageKeys.client(clientId),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/clients/{id}/messages', { params: { path: { id: clientId } }, signal })),
    staleTime: 0,
  });
}

/** `GET appointments/{id}/messages`: read again while any waits, so staff see it go out. */
export function appointmentMessagesQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: messageKeys.appointment(appointmentId),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/appointments/{id}/messages', { params: { path: { id: appointmentId } }, signal })),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.results.some((message) => message.status === 'pending') ? 5_000 : false,
  });
}

/** `GET messages/staff-alerts`: read again every minute on the hub, so a care inbox's failure is seen soon. */
export function staffAlertsQueryOptions(query: StaffAlertsQuery) {
  return queryOptions({
    queryKey: messageKeys.staffAlerts(query),
    queryFn: async ({ signal }) => dataOf(await api().GET('/messages/staff-alerts', { params: { query }, signal })),
    refetchInterval: 60_000,
  });
}

/** `GET clients/{id}/message-preferences` */
export function messagePreferencesQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: messageKeys.preferences(clientId),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/clients/{id}/message-preferences', { params: { path: { id: clientId } }, signal })),
  });
}

/** `PUT clients/{id}/message-preferences`: every kind at once; the answer is what the server keeps. */
export function useSaveMessagePreferences(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: MessagePreferences) =>
      dataOf(
        await api().PUT('/clients/{id}/message-preferences', {
          params: { path: { id: clientId } },
          body: preferences,
        }),
      ),
    networkMode: 'always',
    onSuccess: (saved) => queryClient.setQueryData(messageKeys.preferences(clientId), saved),
  });
}

/** `GET clinics/{id}/messaging`: the administration's view, read from the server each time. */
export function clinicMessagingQueryOptions(clinicId: string) {
  return queryOptions({
    queryKey: messageKeys.clinic(clinicId),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/clinics/{id}/messaging', { params: { path: { id: clinicId } }, signal })),
  });
}

/** `PATCH clinics/{id}/messaging`: the fields changed; the answer is what the server keeps. */
export function useSaveClinicMessaging(clinicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: components['schemas']['ClinicMessagingPatch']) =>
      dataOf(await api().PATCH('/clinics/{id}/messaging', { params: { path: { id: clinicId } }, body: patch })),
    networkMode: 'always',
    onSuccess: (saved) => queryClient.setQueryData(messageKeys.clinic(clinicId), saved),
  });
}
