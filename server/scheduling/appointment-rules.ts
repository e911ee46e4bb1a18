/**
 * The rules every appointment change shares: the parts of a booking fit
 * together, inside opening hours, with a real staff member, for a sane
 * length; who may reach an appointment; and, when the database refuses an
 * overlap (migration 004), an answer that says what is taken.
 */
import { requireGrant, requireSomeGrant, targetUser } from '../access/grants.ts';
import { inGroup } from '@contract';
import {
  SLOT_TAKEN_MESSAGE,
  SLOT_TAKEN_PROBLEM,
  CLIENT_BOOKING_HORIZON_DAYS,
  CLIENT_BOOKING_LEAD_MINUTES,
  earliestClientStart,
  latestClientStart,
} from '@contract';
import { durationMinutes, wallClockAt } from '@contract';
import { isRole, type Appointment, type Clinic, type Resource, type Service } from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import { type Database, type Queryable } from '../db/database.ts';
import { HttpProblem, badRequest, conflict, notFound, type FieldError, type Problem } from '../core/problem.ts';
import { SELECT_APPOINTMENT, selectAppointment, toAppointment, type AppointmentRow } from './appointment-store.ts';
import { selectClinic, selectResource, selectService, serviceFits } from './catalog.ts';
import { type Actor } from '../core/actor.ts';

export interface SchedulingDeps {
  db: Database;
  now: () => Date;
}

/** What a clash answer names besides its message: which rule, and the time that is taken. */
interface Clash {
  kind: 'resource' | 'client';
  starts_at: string;
  until: string;
}

/** 409 for a booking or reschedule that overlaps another: the message says what is taken, `clash` the same for programs. */
export class ClashProblem extends HttpProblem {
  constructor(
    detail: string,
    readonly clash: Clash | null,
    type?: string,
  ) {
    super(409, detail, [{ field: 'body.starts_at', message: detail }], {}, type ? { type } : {});
  }

  override toJSON(): Problem {
    return { ...super.toJSON(), ...(this.clash ? { clash: this.clash } : {}) };
  }
}

/** A client's booking lost its time to someone else's: it learns that, never whose booking or how long it holds. */
function slotTaken(): ClashProblem {
  return new ClashProblem(SLOT_TAKEN_MESSAGE, null, SLOT_TAKEN_PROBLEM);
}

const MIN_DURATION_MINUTES = 5;
const MAX_DURATION_MINUTES = 12 * 60;
/** The longest an appointment lasts: a span query can then use the start-time index from both ends. */
const LONGEST_APPOINTMENT = '12 hours';

function hhmm(instant: Date, timeZone: string): string {
  return wallClockAt(instant, timeZone).time.slice(0, 5);
}

export function dayLabel(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(
    instant,
  );
}

export function parseInstant(value: string, field: string): Date {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw badRequest('Not a time.', [{ field, message: 'not a valid instant' }]);
  return instant;
}

export function checkDuration(minutes: number): void {
  if (minutes < MIN_DURATION_MINUTES || minutes > MAX_DURATION_MINUTES) {
    throw badRequest('An appointment lasts from 5 minutes to 12 hours.', [
      { field: 'body.duration', message: 'must be from 00:05:00 to 12:00:00' },
    ]);
  }
}

/** Refuses a time outside the clinic's opening hours on that day (in the clinic's zone). */
export function checkOpeningHours(clinic: Clinic, start: Date, minutes: number): void {
  const end = new Date(start.getTime() + minutes * 60_000);
  const from = wallClockAt(start, clinic.time_zone);
  const to = wallClockAt(end, clinic.time_zone);
  const hours = clinic.opening_hours.find((entry) => entry.weekday === from.weekday);
  const day = dayLabel(start, clinic.time_zone);
  if (!hours) {
    throw conflict(`${clinic.name} is closed on ${day}.`, [
      { field: 'body.starts_at', message: 'the clinic is closed' },
    ]);
  }
  const inside = from.date === to.date && from.time >= `${hours.opens}:00` && to.time <= `${hours.closes}:00`;
  if (!inside) {
    const message = `${clinic.name} is open from ${hours.opens} to ${hours.closes} on ${day} (${clinic.time_zone} time).`;
    throw conflict(message, [{ field: 'body.starts_at', message }]);
  }
}

/** The resource, service and clinic of a booking, checked to fit together. */
export async function bookingParts(
  db: Queryable,
  resourceId: string,
  serviceId: string,
): Promise<{ resource: Resource; service: Service; clinic: Clinic }> {
  const [resource, service] = await Promise.all([selectResource(db, resourceId), selectService(db, serviceId)]);
  const errors: FieldError[] = [];
  if (!resource) errors.push({ field: 'body.resource_id', message: 'no such resource' });
  if (!service) errors.push({ field: 'body.service_id', message: 'no such service' });
  if (!resource || !service) throw badRequest('The resource or the service does not exist.', errors);
  if (!serviceFits(service, resource.kind)) {
    const message = `${service.name} cannot be booked on ${resource.name}.`;
    throw badRequest(message, [{ field: 'body.resource_id', message }]);
  }
  const clinic = await selectClinic(db, resource.clinic_id);
  if (!clinic) throw new Error(`Resource ${resource.id} has no clinic`);
  return { resource, service, clinic };
}

/** A staff member named on an appointment must hold a staff role. */
export async function checkStaff(db: Queryable, staffId: string | null | undefined): Promise<void> {
  if (staffId == null) return;
  const [user] = await db.query<{ role: string | null; status: string }>(
    'SELECT role, status FROM users WHERE id = $1',
    [staffId],
  );
  if (
    !user ||
    !isRole(user.role) ||
    user.role === 'ADMIN' ||
    !inGroup(user.role, 'staff') ||
    user.status !== 'active'
  ) {
    throw badRequest('The staff member named is not one of the clinic’s active staff.', [
      { field: 'body.staff_id', message: 'not an active staff member' },
    ]);
  }
}

/**
 * After the database refused an overlap: finds what holds the time, for the
 * message. Runs outside the refused transaction (which is gone).
 */
export async function clashProblem(
  db: Queryable,
  constraint: string,
  want: { id: string | null; clientId: string; resource: Resource; clinic: Clinic; start: Date; minutes: number },
  { forClient = false } = {},
): Promise<ClashProblem> {
  const zone = want.clinic.time_zone;
  const byResourceOnly = constraint === 'appointments_resource_free';
  if (forClient && byResourceOnly) return slotTaken();
  const end = new Date(want.start.getTime() + want.minutes * 60_000);
  const occupiedEnd = new Date(end.getTime() + durationMinutes(want.resource.turnover) * 60_000);
  const byResource = constraint === 'appointments_resource_free';
  const [taken] = await db.query<AppointmentRow>(
    `${SELECT_APPOINTMENT}
     WHERE a.status NOT IN ('cancelled', 'no_show') AND a.id IS DISTINCT FROM $1::uuid
       AND ${byResource ? 'a.resource_id = $2' : 'a.client_id = $2'}
       AND tstzrange(a.starts_at, ${byResource ? 'a.occupied_until' : 'a.ends_at'}) && tstzrange($3, $4)
     ORDER BY a.starts_at LIMIT 1`,
    [want.id, byResource ? want.resource.id : want.clientId, want.start, byResource ? occupiedEnd : end],
  );
  if (!taken) {
    // Freed again between the refusal and this look: the caller may simply try once more.
    if (forClient) return slotTaken();
    return new ClashProblem('That time was just taken by another booking; please try again.', null);
  }
  const appointment = toAppointment(taken);
  const from = new Date(appointment.starts_at);
  const until = new Date(byResource ? appointment.occupied_until : appointment.ends_at);
  const span = `from ${hhmm(from, zone)} to ${hhmm(until, zone)} on ${dayLabel(from, zone)} (${zone} time)`;
  const turnover =
    byResource && appointment.occupied_until !== appointment.ends_at
      ? ', including the time to get it ready again'
      : '';
  const detail = byResource
    ? `${want.resource.name} is taken ${span}${turnover}.`
    : forClient
      ? `You already have ${appointment.service_name} ${span}.`
      : `This client already has ${appointment.service_name} on ${appointment.resource_name} ${span}.`;
  return new ClashProblem(detail, {
    kind: byResource ? 'resource' : 'client',
    starts_at: appointment.starts_at,
    until: byResource ? appointment.occupied_until : appointment.ends_at,
  });
}

export function checkSpanOrder(from: string, to: string): void {
  if (Date.parse(from) >= Date.parse(to)) {
    throw badRequest('`from` must come before `to`.', [{ field: 'query.to', message: 'must be after from' }]);
  }
}

/** Conditions for "ends after `from`"; the second adds nothing but lets the start-time index bound the scan from below. */
export function endsAfterSql(from: string, params: unknown[]): string[] {
  const instant = `$${params.push(parseInstant(from, 'query.from'))}`;
  return [
    `a.ends_at > ${instant}::timestamptz`,
    `a.starts_at > ${instant}::timestamptz - interval '${LONGEST_APPOINTMENT}'`,
  ];
}

/** Finds an appointment and checks the caller may `operation` its client's appointments. */
export async function reachableAppointment(
  db: Queryable,
  caller: Actor,
  id: string,
  operation: 'appointments.read' | 'appointments.write' | 'appointments.cancel',
  entry: AuditEntry,
  { lock = false } = {},
): Promise<{ appointment: Appointment; via: 'self' | 'role' }> {
  requireSomeGrant(caller, operation, 'You may not see or change appointments.');
  const appointment = await selectAppointment(db, id, { lock });
  if (!appointment) throw notFound('There is no such appointment.');
  entry.subjectId = appointment.client_id;
  const via = requireGrant(caller, operation, await targetUser(db, appointment.client_id));
  return { appointment, via };
}

/** A client books, or moves a booking to, a time at least the lead ahead and within the horizon. */
export function checkClientStart(start: Date, now: Date): void {
  if (start < earliestClientStart(now)) {
    const message = `Book at least ${CLIENT_BOOKING_LEAD_MINUTES / 60} hours ahead; for a sooner time, please call the clinic.`;
    throw conflict(message, [{ field: 'body.starts_at', message }]);
  }
  if (start > latestClientStart(now)) {
    const message = `Book at most ${CLIENT_BOOKING_HORIZON_DAYS} days ahead.`;
    throw conflict(message, [{ field: 'body.starts_at', message }]);
  }
}
