import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, dataOf } from '@/lib/api';
import { outbox, useOutbox, type OutboxItem } from '@/lib/outbox';
import {
  MOVE_ACTIONS,
  type Appointment,
  type AppointmentCreate,
  type AppointmentPatch,
  type AppointmentStatus,
} from '../model/labels';
import { scheduleKeys } from './queries';

/**
 * The schedule's writes, one function each. Booking and rescheduling need the
 * server to decide who gets the time: they go straight to it, each user action
 * with one Idempotency-Key that every retry sends again, and fail at once when
 * there is no network. A status move (check in, start, complete, cancel,
 * no-show) claims no time: it goes through the outbox, so it is kept and sent
 * when the network allows, like every change on a tablet.
 */
export function newActionKey(): string {
  return crypto.randomUUID();
}

/** `POST appointments`. */
export async function bookAppointment(body: AppointmentCreate, idempotencyKey: string): Promise<Appointment> {
  return dataOf(await api().POST('/appointments', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body }));
}

export interface AppointmentChange {
  /** The appointment as the person saw it: its version goes in If-Match. */
  appointment: Pick<Appointment, 'id' | 'version'>;
  patch: AppointmentPatch;
  idempotencyKey: string;
}

/** `PATCH appointments/{id}`: a status move, a reschedule or notes, on the version the person saw. */
export async function changeAppointment({
  appointment,
  patch,
  idempotencyKey,
}: AppointmentChange): Promise<Appointment> {
  return dataOf(
    await api().PATCH('/appointments/{id}', {
      params: {
        path: { id: appointment.id },
        header: { 'If-Match': `"${appointment.version}"`, 'Idempotency-Key': idempotencyKey },
      },
      body: patch,
    }),
  );
}

function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: scheduleKeys.appointments() });
}

export function useBookAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: AppointmentCreate; idempotencyKey: string }) =>
      bookAppointment(body, idempotencyKey),
    networkMode: 'always',
    onSuccess: refresh,
  });
}

export function useChangeAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: changeAppointment,
    networkMode: 'always',
    // Also after a failure: a 409 or 412 means the schedule on screen is out of date.
    onSettled: refresh,
  });
}

/** The outbox's name for one appointment. */
export function appointmentRecord(id: string): string {
  return `appointment:${id.toLowerCase()}`;
}

/** Moves an appointment on (check in, start, complete, cancel, no-show), from the version the person saw. */
export function moveAppointment(appointment: Appointment, to: AppointmentStatus, link: string): Promise<OutboxItem> {
  return outbox().enqueue({
    record: appointmentRecord(appointment.id),
    request: { method: 'patch', path: '/appointments/{id}', pathParams: { id: appointment.id }, body: { status: to } },
    version: appointment.version,
    base: { status: appointment.status },
    label: `${appointment.client_name}, ${appointment.service_name}: ${MOVE_ACTIONS[to].label.toLowerCase()}`,
    fieldLabels: { status: 'Status' },
    link,
    refresh: [scheduleKeys.appointments()],
  });
}

/** An appointment, or what a schedule shows of it, as this person sees it: with their status moves not yet on the server. */
export type WithUnsentMoves<T> = T & {
  /** A move of it waits to be sent. */
  unsent: boolean;
};

/** An appointment as this person sees it. */
export type ShownAppointment = WithUnsentMoves<Appointment>;

export function useWithUnsentMoves<T extends Pick<Appointment, 'id' | 'status'>>(
  appointments: readonly T[],
): WithUnsentMoves<T>[] {
  const { items } = useOutbox();
  return useMemo(
    () =>
      appointments.map((appointment) => {
        const moves = items.filter((item) => item.record === appointmentRecord(appointment.id));
        const status = moves
          .map((item) => (item.request.body as { status?: AppointmentStatus }).status)
          .filter((value): value is AppointmentStatus => value !== undefined)
          .at(-1);
        return { ...appointment, status: status ?? appointment.status, unsent: moves.length > 0 };
      }),
    [appointments, items],
  );
}
