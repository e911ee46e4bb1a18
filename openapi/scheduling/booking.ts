/**
 * What a client books in the portal, and how: the rules the server applies to
 * a client's own booking and the screens offer. Staff book through the
 * schedule without them (appointments.ts holds the rules of every booking).
 */
import { CLIENT_CANCEL_CUTOFF_HOURS } from './appointments.ts';
import type { Appointment, CallMode, ContactMethod, ResourceKind, Service } from '../schema.gen.ts';

/** Free times start on the quarter hour. */
export const SLOT_STEP_MINUTES = 15;

/** A client books at least this long ahead: the clinic needs the time to get ready. */
export const CLIENT_BOOKING_LEAD_MINUTES = 120;

/** And at most this far ahead. */
export const CLIENT_BOOKING_HORIZON_DAYS = 90;

/** One request for free times spans at most this many days. */
export const SLOT_SPAN_MAX_DAYS = 31;

/**
 * A client moves (like it cancels) its own booking only until this long
 * before it starts; after that it calls the clinic.
 */
export const CLIENT_CHANGE_CUTOFF_HOURS = CLIENT_CANCEL_CUTOFF_HOURS;

/** Whether a client may still cancel or move its booking that starts at `startsAt`. */
export function clientMayChange(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= CLIENT_CHANGE_CUTOFF_HOURS * 60 * 60 * 1000;
}

/** The earliest start a client may book now. */
export function earliestClientStart(now: Date): Date {
  return new Date(now.getTime() + CLIENT_BOOKING_LEAD_MINUTES * 60_000);
}

/** The latest start a client may book now. */
export function latestClientStart(now: Date): Date {
  return new Date(now.getTime() + CLIENT_BOOKING_HORIZON_DAYS * 24 * 60 * 60_000);
}

/** What a call is booked on: a call line, not a room. */
export const CALL_RESOURCE_KIND: ResourceKind = 'call_line';

/** Whether a service is a call (booked on a call line): it takes place by phone or video. */
export function isCallService(service: Pick<Service, 'resource_kinds'>): boolean {
  return service.resource_kinds.includes(CALL_RESOURCE_KIND);
}

/** A call as the client prefers to be reached: by e-mail means a video link sent by e-mail; phone and SMS a call. */
export function callModeFor(preferred: ContactMethod | null | undefined): CallMode {
  return preferred === 'email' ? 'video' : 'phone';
}

/**
 * The intake call: the service named 'Intake call' (therapy kind
 * 'consultation', booked on a call line). A client has had or booked it when
 * one of its appointments of that service is not cancelled or a no-show. The
 * portal's home reads its task 'book the intake call' from this rule.
 */
export const INTAKE_CALL_SERVICE_NAME = 'Intake call';

export function isIntakeCall(appointment: Pick<Appointment, 'service_name' | 'therapy_kind'>): boolean {
  return appointment.service_name === INTAKE_CALL_SERVICE_NAME && appointment.therapy_kind === 'consultation';
}

/** Whether these appointments (a client's own) hold an intake call that is booked, under way or done. */
export function hasIntakeCall(
  appointments: readonly Pick<Appointment, 'service_name' | 'therapy_kind' | 'status'>[],
): boolean {
  return appointments.some(
    (appointment) =>
      isIntakeCall(appointment) && appointment.status !== 'cancelled' && appointment.status !== 'no_show',
  );
}

/** The words the portal shows when the time chosen was booked by someone else first (the API's 409 detail too). */
export const SLOT_TAKEN_MESSAGE = 'That time was just taken.';

/** The problem type of a client's booking or move refused because someone else took the time first (409). */
export const SLOT_TAKEN_PROBLEM = 'https://thrive.clinic/problems/slot-taken';
