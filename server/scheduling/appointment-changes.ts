/**
 * Changing an appointment: moving it on through its statuses (check-in,
 * start, complete, no-show, cancel), rescheduling it, its staff and notes. A
 * client cancels or moves its own booking until the cut-off (booking.ts).
 */
import { answerFor, requireWritable } from '../access/fields.ts';
import { hasSomeGrant } from '../access/grants.ts';
import { RESCHEDULABLE_STATUS, canMove, clientMayCancel } from '@contract';
import { CLIENT_CHANGE_CUTOFF_HOURS, clientMayChange } from '@contract';
import { durationMinutes } from '@contract';
import { type Appointment, type AppointmentPatch, type AppointmentStatus } from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import { violatedExclusion, type Queryable } from '../db/database.ts';
import { type Answer } from '../core/answer.ts';
import { etagOfVersion, requireIfMatch, staleVersion } from '../core/preconditions.ts';
import type { HttpProblem } from '../core/problem.ts';
import { conflict, forbidden, notFound } from '../core/problem.ts';
import { selectAppointment } from './appointment-store.ts';
import { selectService } from './catalog.ts';
import {
  bookingParts,
  checkClientStart,
  checkDuration,
  checkOpeningHours,
  checkStaff,
  clashProblem,
  parseInstant,
  reachableAppointment,
  type SchedulingDeps,
} from './appointment-rules.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';
import { queueAppointmentMessages } from '../messages/appointment-messages.ts';

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

/** A notice of a cancellation, or of a move to another time, in the change's own transaction. */
async function noticeOfChange(tx: Queryable, before: Appointment, after: Appointment, now: Date): Promise<void> {
  if (after.status === 'cancelled' && before.status !== 'cancelled') {
    await queueAppointmentMessages(tx, { appointmentId: after.id, kind: 'appointment_cancelled' }, now);
  } else if (
    after.status === 'booked' &&
    new Date(after.starts_at).getTime() !== new Date(before.starts_at).getTime()
  ) {
    const previousStartsAt = new Date(before.starts_at);
    await queueAppointmentMessages(tx, { appointmentId: after.id, kind: 'appointment_moved', previousStartsAt }, now);
  }
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
  return operation(db, entry, async (audit) => {
    const cancelOnly = fields.length === 1 && patch.status === 'cancelled';
    // A caller who may only cancel is told which fields it may not change, rather than just no.
    const mayWrite = hasSomeGrant(caller, 'appointments.write');
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
    requireWritable(caller, 'appointment', patch);
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
        if (!expected.includes(current.version))
          throw staleVersion('appointment', answerFor(caller, 'appointment', current));

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
        // The client hears of what the clinic changed; what it changed itself it knows.
        if (via !== 'self') await noticeOfChange(tx, current, changed, now());
        return audit.recordSuccess(tx, {
          status: 200,
          body: answerFor(caller, 'appointment', changed),
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
