/**
 * The rules of an appointment's life, applied by the server and offered by
 * the screens: which status may follow which, and how late a client may
 * cancel its own booking.
 */
import type { AppointmentStatus } from '../schema.gen.ts';

/**
 * booked -> checked_in -> in_progress -> completed, and booked -> cancelled or
 * no_show. Every other move is refused. Cancelled and no-show appointments
 * free their time (the database's overlap rules ignore them).
 */
export const APPOINTMENT_MOVES: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  booked: ['checked_in', 'cancelled', 'no_show'],
  checked_in: ['in_progress'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
};

export function canMove(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return APPOINTMENT_MOVES[from].includes(to);
}

/** Only a booked appointment can move to another time, resource or length. */
export const RESCHEDULABLE_STATUS: AppointmentStatus = 'booked';

/** A client may cancel its own booked appointment until this long before it starts. */
export const CLIENT_CANCEL_CUTOFF_HOURS = 24;

export function clientMayCancel(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= CLIENT_CANCEL_CUTOFF_HOURS * 60 * 60 * 1000;
}
