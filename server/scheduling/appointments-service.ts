/**
 * Appointments: booking, reading, moving on through their statuses and
 * rescheduling. Overlaps are refused by the database (migration 004); this
 * service turns its refusal into an answer that says what is taken. A client
 * books and moves its own portal bookings on the terms of booking.ts.
 */
import { authorize, roleFilterSql, targetUser } from '../access/authorize.ts';
import { ACCESS_RULES, inGroup, listsEveryone, rolesListable } from '../../openapi/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { RESCHEDULABLE_STATUS, canMove, clientMayCancel } from '../../openapi/appointments.ts';
import {
  SLOT_TAKEN_MESSAGE,
  SLOT_TAKEN_PROBLEM,
  CLIENT_BOOKING_HORIZON_DAYS,
  CLIENT_BOOKING_LEAD_MINUTES,
  CLIENT_CHANGE_CUTOFF_HOURS,
  callModeFor,
  clientMayChange,
  earliestClientStart,
  isCallService,
  latestClientStart,
} from '../../openapi/booking.ts';
import { durationMinutes, wallClockAt } from '../../openapi/clinic-time.ts';
import {
  isRole,
  type Appointment,
  type CallMode,
  type ContactMethod,
  type AppointmentCreate,
  type AppointmentList,
  type AppointmentPatch,
  type AppointmentStatus,
  type Clinic,
  type GetScheduleQuery,
  type ListAppointmentsQuery,
  type Resource,
  type Service,
} from '../api-types.ts';
import { audited, type AuditEntry } from '../audit/audit-log.ts';
import { violatedExclusion, type Database, type Queryable } from '../db/database.ts';
import { API_BASE_PATH, type Answer, type JsonText } from '../http/answer.ts';
import { etagOfVersion, requireIfMatch, staleVersion } from '../http/preconditions.ts';
import {
  HttpProblem,
  badRequest,
  conflict,
  forbidden,
  notFound,
  type FieldError,
  type Problem,
} from '../http/problem.ts';
import { SELECT_APPOINTMENT, selectAppointment, toAppointment, type AppointmentRow } from './appointment-store.ts';
import { selectClinic, selectResource, selectService, serviceFits } from './catalog.ts';

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
class ClashProblem extends HttpProblem {
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

const STATUS_WORDS: Readonly<Record<AppointmentStatus, string>> = {
  booked: 'booked',
  checked_in: 'checked in',
  in_progress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
  no_show: 'marked as a no-show',
};

const MOVE_WORDS: Readonly<Record<AppointmentStatus, string>> = {
  booked: 'booked again',
  checked_in: 'checked in',
  in_progress: 'started',
  completed: 'completed',
  cancelled: 'cancelled',
  no_show: 'marked as a no-show',
};

/** When each status was reached. */
const STATUS_TIMESTAMPS: Partial<Record<AppointmentStatus, string>> = {
  checked_in: 'checked_in_at',
  in_progress: 'started_at',
  completed: 'completed_at',
  cancelled: 'cancelled_at',
  no_show: 'cancelled_at',
};

const MIN_DURATION_MINUTES = 5;
const MAX_DURATION_MINUTES = 12 * 60;
/** The longest an appointment lasts: a span query can then use the start-time index from both ends. */
const LONGEST_APPOINTMENT = '12 hours';

function hhmm(instant: Date, timeZone: string): string {
  return wallClockAt(instant, timeZone).time.slice(0, 5);
}

function dayLabel(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(
    instant,
  );
}

function parseInstant(value: string, field: string): Date {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw badRequest('Not a time.', [{ field, message: 'not a valid instant' }]);
  return instant;
}

function checkDuration(minutes: number): void {
  if (minutes < MIN_DURATION_MINUTES || minutes > MAX_DURATION_MINUTES) {
    throw badRequest('An appointment lasts from 5 minutes to 12 hours.', [
      { field: 'body.duration', message: 'must be from 00:05:00 to 12:00:00' },
    ]);
  }
}

/** Refuses a time outside the clinic's opening hours on that day (in the clinic's zone). */
function checkOpeningHours(clinic: Clinic, start: Date, minutes: number): void {
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
async function bookingParts(
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
async function checkStaff(db: Queryable, staffId: string | null | undefined): Promise<void> {
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
async function clashProblem(
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

function checkSpanOrder(from: string, to: string): void {
  if (Date.parse(from) >= Date.parse(to)) {
    throw badRequest('`from` must come before `to`.', [{ field: 'query.to', message: 'must be after from' }]);
  }
}

/** Conditions for "ends after `from`"; the second adds nothing but lets the start-time index bound the scan from below. */
function endsAfterSql(from: string, params: unknown[]): string[] {
  const instant = `$${params.push(parseInstant(from, 'query.from'))}`;
  return [
    `a.ends_at > ${instant}::timestamptz`,
    `a.starts_at > ${instant}::timestamptz - interval '${LONGEST_APPOINTMENT}'`,
  ];
}

export async function listAppointments(
  db: Database,
  caller: Actor,
  query: ListAppointmentsQuery,
): Promise<AppointmentList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'appointments.list',
    resourceType: 'appointment',
    resourceId: null,
    subjectId: query.client ?? null,
  };
  return audited(db, entry, async () => {
    const params: unknown[] = [];
    const where: string[] = [];
    const grant = ACCESS_RULES[caller.role]['appointments.read'];
    if (query.client !== undefined) {
      authorize(caller, 'appointments.read', await targetUser(db, query.client), 'query.client');
      where.push(`a.client_id = $${params.push(query.client)}`);
    } else if (grant?.roles) {
      const listable = rolesListable(caller, 'appointments.read');
      if (!listsEveryone(listable)) where.push(roleFilterSql('cu.role', listable, params));
    } else if (grant?.self) {
      entry.subjectId = caller.id;
      where.push(`a.client_id = $${params.push(caller.id)}`);
    } else {
      throw forbidden('You may not see appointments.');
    }

    if (query.from !== undefined && query.to !== undefined) checkSpanOrder(query.from, query.to);
    if (query.from !== undefined) where.push(...endsAfterSql(query.from, params));
    if (query.to !== undefined) where.push(`a.starts_at < $${params.push(parseInstant(query.to, 'query.to'))}`);
    if (query.clinic !== undefined) where.push(`a.clinic_id = $${params.push(query.clinic)}`);
    if (query.resource !== undefined) where.push(`a.resource_id = $${params.push(query.resource)}`);
    if (query.status !== undefined && query.status.length > 0) {
      where.push(`a.status IN (${query.status.map((status) => `$${params.push(status)}`).join(', ')})`);
    }
    // One JSON value instead of a row per appointment: a week of a busy clinic is over a thousand rows of
    // thirty columns, and the drivers' per-cell parsing costs more than the query (timestamps keep their offset).
    const [page] = await db.query<{ rows: AppointmentRow[] }>(
      `SELECT coalesce(json_agg(x ORDER BY x.starts_at, x.id), '[]') AS rows FROM (
         ${SELECT_APPOINTMENT} WHERE ${where.length > 0 ? where.join(' AND ') : 'true'}
         ORDER BY a.starts_at, a.id LIMIT $${params.push(query.limit + 1)}
       ) x`,
      params,
    );
    const rows = page?.rows ?? [];
    return { results: rows.slice(0, query.limit).map(toAppointment), truncated: rows.length > query.limit };
  });
}

/** The longest span `GET schedule` answers: a week, with room for a change of clocks. */
const LONGEST_SCHEDULE_SPAN_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * `GET schedule`: one clinic's appointments over a span, as its grid draws them (staff roles), as the JSON text
 * of the answer. Each appointment keeps its entry as JSON text (migration 014), so the database only joins a
 * week's entries: a busy week is over a thousand of them, and writing each one's names and clinic times on every
 * read was most of the request's time. The entries are ASCII text (migration 015), which the database driver, the
 * socket and the browser each read and write on their fast path.
 */
export async function getSchedule(db: Database, caller: Actor, query: GetScheduleQuery): Promise<JsonText> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'appointments.list',
    resourceType: 'appointment',
    resourceId: null,
    subjectId: null,
  };
  return audited(db, entry, async (audit) => {
    // The whole clinic's schedule is for the roles that read others' appointments; a client reads its own list.
    if (!ACCESS_RULES[caller.role]['appointments.read']?.roles) {
      throw forbidden('The clinic’s schedule is for its staff.');
    }
    checkSpanOrder(query.from, query.to);
    if (Date.parse(query.to) - Date.parse(query.from) > LONGEST_SCHEDULE_SPAN_MS) {
      throw badRequest('The schedule spans at most 8 days.', [
        { field: 'query.to', message: 'at most 8 days after from' },
      ]);
    }
    const params: unknown[] = [query.clinic];
    const where = ['a.clinic_id = $1', ...endsAfterSql(query.from, params)];
    where.push(`a.starts_at < $${params.push(parseInstant(query.to, 'query.to'))}`);
    // The client's role as it is now: kept on each appointment in step with the user's (migration 014).
    const listable = rolesListable(caller, 'appointments.read');
    if (!listsEveryone(listable)) where.push(roleFilterSql('a.client_role', listable, params));
    const limit = `$${params.push(query.limit)}`;
    return db.transaction(async (tx) => {
      // One more than the page tells whether more matched; only then is the text read, to leave that one out.
      // An aggregate: always exactly one row.
      const [page = { results: '[]', count: 0 }] = await tx.query<{ results: string; count: number }>(
        `SELECT '[' || coalesce(string_agg(x.schedule_entry, ',' ORDER BY x.starts_at, x.id), '') || ']' AS results,
                count(*)::int AS count
         FROM (SELECT a.schedule_entry, a.starts_at, a.id FROM appointments a WHERE ${where.join(' AND ')}
               ORDER BY a.starts_at, a.id LIMIT ${limit} + 1) x`,
        params,
      );
      const truncated = page.count > query.limit;
      const results = truncated
        ? JSON.stringify((JSON.parse(page.results) as unknown[]).slice(0, query.limit))
        : page.results;
      const answer: JsonText = { json: `{"results":${results},"truncated":${truncated}}` };
      // Recorded in the same transaction: one round trip fewer than after it.
      await audit.recordSuccess(tx, { status: 200, body: answer });
      return answer;
    });
  });
}

/** Finds an appointment and checks the caller may `operation` its client's appointments. */
async function reachableAppointment(
  db: Queryable,
  caller: Actor,
  id: string,
  operation: 'appointments.read' | 'appointments.write' | 'appointments.cancel',
  entry: AuditEntry,
  { lock = false } = {},
): Promise<{ appointment: Appointment; via: 'self' | 'role' }> {
  if (!ACCESS_RULES[caller.role][operation]) throw forbidden('You may not see or change appointments.');
  const appointment = await selectAppointment(db, id, { lock });
  if (!appointment) throw notFound('There is no such appointment.');
  entry.subjectId = appointment.client_id;
  const via = authorize(caller, operation, await targetUser(db, appointment.client_id));
  return { appointment, via };
}

export async function readAppointment(db: Database, caller: Actor, id: string): Promise<Appointment> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'appointments.read',
    resourceType: 'appointment',
    resourceId: id,
    subjectId: null,
  };
  return audited(
    db,
    entry,
    async () => (await reachableAppointment(db, caller, id, 'appointments.read', entry)).appointment,
  );
}

/** What a client may not set on its own booking: the clinic decides who runs it, how long it lasts, and its notes. */
const CLINIC_ONLY_FIELDS = ['staff_id', 'duration', 'notes'] as const;

/** A client's own booking: a service the portal offers, with nothing set that only the clinic sets, in time. */
function checkClientBooking(input: AppointmentCreate, service: Service, start: Date, now: Date): void {
  if (!service.client_bookable) {
    const message = `${service.name} is booked with the clinic; please ask it to book you.`;
    throw forbidden(message, [{ field: 'body.service_id', message }]);
  }
  const clinicOnly = CLINIC_ONLY_FIELDS.filter((field) => input[field] !== undefined);
  if (clinicOnly.length > 0) {
    throw forbidden(
      'The clinic sets who runs an appointment, its length and its notes.',
      clinicOnly.map((field) => ({ field: `body.${field}`, message: 'You may not set this field.' })),
    );
  }
  checkClientStart(start, now);
}

/** A client books, or moves a booking to, a time at least the lead ahead and within the horizon. */
function checkClientStart(start: Date, now: Date): void {
  if (start < earliestClientStart(now)) {
    const message = `Book at least ${CLIENT_BOOKING_LEAD_MINUTES / 60} hours ahead; for a sooner time, please call the clinic.`;
    throw conflict(message, [{ field: 'body.starts_at', message }]);
  }
  if (start > latestClientStart(now)) {
    const message = `Book at most ${CLIENT_BOOKING_HORIZON_DAYS} days ahead.`;
    throw conflict(message, [{ field: 'body.starts_at', message }]);
  }
}

/** How a call takes place: as asked, else as the client prefers to be reached. Only a call has one. */
async function callModeOf(
  db: Queryable,
  service: Service,
  clientId: string,
  asked: CallMode | undefined,
): Promise<CallMode | null> {
  if (!isCallService(service)) {
    if (asked === undefined) return null;
    const message = `${service.name} is not a call: it takes place at the clinic.`;
    throw badRequest(message, [{ field: 'body.call_mode', message }]);
  }
  if (asked !== undefined) return asked;
  const [profile] = await db.query<{ preferred_contact_method: ContactMethod | null }>(
    'SELECT preferred_contact_method FROM profiles WHERE client_id = $1',
    [clientId],
  );
  return callModeFor(profile?.preferred_contact_method);
}

export async function createAppointment(
  { db, now }: SchedulingDeps,
  caller: Actor,
  input: AppointmentCreate,
): Promise<Answer<Appointment>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'appointments.create',
    resourceType: 'appointment',
    resourceId: null,
    subjectId: input.client_id,
    fields: Object.keys(input),
  };
  return audited(db, entry, async (audit) => {
    const via = authorize(caller, 'appointments.write', await targetUser(db, input.client_id), 'body.client_id');
    const { resource, service, clinic } = await bookingParts(db, input.resource_id, input.service_id);
    const start = parseInstant(input.starts_at, 'body.starts_at');
    if (via === 'self') checkClientBooking(input, service, start, now());
    await checkStaff(db, input.staff_id);
    const callMode = await callModeOf(db, service, input.client_id, input.call_mode);
    const duration = input.duration ?? service.default_duration;
    const minutes = durationMinutes(duration);
    checkDuration(minutes);
    checkOpeningHours(clinic, start, minutes);
    try {
      return await db.transaction(async (tx) => {
        const [created] = await tx.query<{ id: string }>(
          `INSERT INTO appointments (client_id, resource_id, service_id, staff_id, starts_at, duration, notes, created_by,
                                     call_mode)
           VALUES ($1, $2, $3, $4, $5, $6::interval, $7, $8, $9) RETURNING id`,
          [
            input.client_id,
            resource.id,
            service.id,
            input.staff_id ?? null,
            start,
            duration,
            input.notes ?? null,
            caller.id,
            callMode,
          ],
        );
        if (!created) throw new Error('INSERT ... RETURNING gave no row');
        entry.resourceId = created.id;
        const appointment = await selectAppointment(tx, created.id);
        if (!appointment) throw new Error(`Appointment ${created.id} vanished inside its own insert`);
        return audit.recordSuccess(tx, {
          status: 201,
          body: appointment,
          headers: {
            Location: `${API_BASE_PATH}/appointments/${appointment.id}`,
            ETag: etagOfVersion(appointment.version),
          },
        });
      });
    } catch (error) {
      const constraint = violatedExclusion(error);
      if (!constraint) throw error;
      throw await clashProblem(
        db,
        constraint,
        { id: null, clientId: input.client_id, resource, clinic, start, minutes },
        { forClient: via === 'self' },
      );
    }
  });
}

export interface AppointmentChange {
  id: string;
  patch: AppointmentPatch;
  ifMatch: string | undefined;
}

const RESCHEDULE_FIELDS = ['starts_at', 'duration', 'resource_id'] as const;
/** What a client may change on a booking of its own besides cancelling it: its time, to a free slot (and its resource). */
const CLIENT_MOVE_FIELDS: readonly string[] = ['starts_at', 'resource_id'];

/**
 * A client's change of its own appointment that is not a cancellation: only a
 * move of a portal booking (a test, the intake call) to another time; the
 * clinic changes the rest. The cut-off and the status are checked on the
 * appointment as it is when the change is made.
 */
async function checkClientMove(db: Queryable, appointment: Appointment, patch: AppointmentPatch): Promise<void> {
  const fields = Object.keys(patch);
  const service = await selectService(db, appointment.service_id);
  const movable = service?.client_bookable === true;
  const refused = fields.filter((field) => !movable || !CLIENT_MOVE_FIELDS.includes(field));
  if (refused.length > 0) {
    throw forbidden(
      movable
        ? 'You may move this booking to another free time, or cancel it; the clinic changes the rest.'
        : 'You may only cancel your own appointment; the clinic changes the rest.',
      refused.map((field) =>
        field === 'status'
          ? { field: 'body.status', message: 'You may only cancel.' }
          : { field: `body.${field}`, message: 'You may not change this field.' },
      ),
    );
  }
}

function cutOffPassed(action: 'cancelled' | 'moved'): HttpProblem {
  return conflict(
    `Appointments can be ${action} here until ${CLIENT_CHANGE_CUTOFF_HOURS} hours before they start. ` +
      `Please call the clinic to ${action === 'cancelled' ? 'cancel' : 'move'} this one.`,
    [
      {
        field: action === 'cancelled' ? 'body.status' : 'body.starts_at',
        message: `less than ${CLIENT_CHANGE_CUTOFF_HOURS} hours before the start`,
      },
    ],
  );
}

export async function changeAppointment(
  { db, now }: SchedulingDeps,
  caller: Actor,
  { id, patch, ifMatch }: AppointmentChange,
): Promise<Answer<Appointment>> {
  const fields = Object.keys(patch) as (keyof AppointmentPatch)[];
  const entry: AuditEntry = {
    actor: caller,
    action: 'appointments.update',
    resourceType: 'appointment',
    resourceId: id,
    subjectId: null,
    fields,
  };
  return audited(db, entry, async (audit) => {
    const cancelOnly = fields.length === 1 && patch.status === 'cancelled';
    // A caller who may only cancel is told which fields it may not change, rather than just no.
    const mayWrite = ACCESS_RULES[caller.role]['appointments.write'] !== undefined;
    const operation = cancelOnly || !mayWrite ? 'appointments.cancel' : 'appointments.write';
    const { appointment: seen, via } = await reachableAppointment(db, caller, id, operation, entry);
    if (!cancelOnly && !mayWrite) {
      throw forbidden('You may only cancel your own appointment; the clinic changes the rest.', [
        ...fields
          .filter((field) => field !== 'status')
          .map((field) => ({ field: `body.${field}`, message: 'You may not change this field.' })),
        ...(patch.status !== undefined && patch.status !== 'cancelled'
          ? [{ field: 'body.status', message: 'You may only cancel.' }]
          : []),
      ]);
    }
    if (!cancelOnly && via === 'self') await checkClientMove(db, seen, patch);
    const expected = requireIfMatch(ifMatch);

    const reschedules = RESCHEDULE_FIELDS.some((field) => patch[field] !== undefined);
    const resourceId = patch.resource_id ?? seen.resource_id;
    const parts = reschedules ? await bookingParts(db, resourceId, seen.service_id) : null;
    if (patch.staff_id !== undefined) await checkStaff(db, patch.staff_id);
    const start =
      patch.starts_at !== undefined ? parseInstant(patch.starts_at, 'body.starts_at') : new Date(seen.starts_at);
    const minutes = durationMinutes(patch.duration ?? seen.duration);
    if (patch.duration !== undefined) checkDuration(minutes);

    try {
      return await db.transaction(async (tx) => {
        const current = await selectAppointment(tx, id, { lock: true });
        if (!current) throw notFound('There is no such appointment.');
        if (expected !== null && !expected.includes(current.version)) throw staleVersion('appointment', current);

        const assignments: string[] = [];
        const params: unknown[] = [id];
        if (patch.status !== undefined) {
          const to = patch.status;
          if (!canMove(current.status, to)) {
            throw conflict(`This appointment is ${STATUS_WORDS[current.status]}; it cannot be ${MOVE_WORDS[to]}.`, [
              { field: 'body.status', message: `current status: ${current.status}` },
            ]);
          }
          if (via === 'self' && !clientMayCancel(new Date(current.starts_at), now())) throw cutOffPassed('cancelled');
          assignments.push(`status = $${params.push(to)}`);
          const stamp = STATUS_TIMESTAMPS[to];
          if (stamp) assignments.push(`${stamp} = now()`);
        }
        if (reschedules && parts) {
          if (current.status !== RESCHEDULABLE_STATUS) {
            throw conflict(`This appointment is ${STATUS_WORDS[current.status]}; only a booked one can be moved.`, [
              { field: 'body.starts_at', message: `current status: ${current.status}` },
            ]);
          }
          if (via === 'self') {
            if (!clientMayChange(new Date(current.starts_at), now())) throw cutOffPassed('moved');
            checkClientStart(start, now());
          }
          checkOpeningHours(parts.clinic, start, minutes);
          assignments.push(
            `starts_at = $${params.push(start)}`,
            `duration = $${params.push(patch.duration ?? current.duration)}::interval`,
            `resource_id = $${params.push(resourceId)}`,
          );
        }
        if (patch.staff_id !== undefined) assignments.push(`staff_id = $${params.push(patch.staff_id)}`);
        if (patch.notes !== undefined) assignments.push(`notes = $${params.push(patch.notes)}`);
        assignments.push('version = version + 1', 'updated_at = now()');
        await tx.query(`UPDATE appointments SET ${assignments.join(', ')} WHERE id = $1`, params);
        const changed = await selectAppointment(tx, id);
        if (!changed) throw new Error(`Appointment ${id} vanished inside its own update`);
        return audit.recordSuccess(tx, {
          status: 200,
          body: changed,
          headers: { ETag: etagOfVersion(changed.version) },
        });
      });
    } catch (error) {
      const constraint = violatedExclusion(error);
      if (!constraint || !parts) throw error;
      throw await clashProblem(
        db,
        constraint,
        { id, clientId: seen.client_id, resource: parts.resource, clinic: parts.clinic, start, minutes },
        { forClient: via === 'self' },
      );
    }
  });
}
