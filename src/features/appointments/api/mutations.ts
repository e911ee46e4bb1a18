import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { Appointment, AppointmentCreate, AppointmentPatch } from '../model/labels';
import { scheduleKeys } from './queries';

/**
 * The schedule's writes, one function each. Every user action makes one
 * Idempotency-Key, which each retry of that action sends again, so the server
 * carries the action out once. Mutations are not paused offline: booking and
 * rescheduling need the server to decide who gets the time, and a change that
 * meets no network fails at once and says so.
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
