/**
 * Booking an appointment: staff book any client into free time; a client books
 * its own portal bookings on the terms of booking.ts (a service the portal
 * offers, at least the lead ahead, within the horizon, nothing only the clinic sets).
 */
import { answerFor, fieldsRefused, requireWritable } from '../access/fields.ts';
import { requireGrant, targetUser } from '../access/grants.ts';
import { callModeFor, isCallService } from '@contract';
import { durationMinutes } from '@contract';
import {
  type Appointment,
  type CallMode,
  type ContactMethod,
  type AppointmentCreate,
  type Service,
} from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import { violatedExclusion, type Queryable } from '../db/database.ts';
import { API_BASE_PATH, type Answer } from '../core/answer.ts';
import { etagOfVersion } from '../core/preconditions.ts';
import { badRequest, forbidden } from '../core/problem.ts';
import { selectAppointment } from './appointment-store.ts';
import {
  bookingParts,
  checkClientStart,
  checkDuration,
  checkOpeningHours,
  checkStaff,
  clashProblem,
  parseInstant,
  type SchedulingDeps,
} from './appointment-rules.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';
import { queueAppointmentMessages } from '../messages/appointment-messages.ts';

/**
 * A client's own booking: a service the portal offers, with nothing set that only the clinic sets (who runs
 * it, how long it lasts, its notes: the appointment's field table), in time.
 */
function checkClientBooking(caller: Actor, input: AppointmentCreate, service: Service, start: Date, now: Date): void {
  if (!service.client_bookable) {
    const message = `${service.name} is booked with the clinic; please ask it to book you.`;
    throw forbidden(message, [{ field: 'body.service_id', message }]);
  }
  const clinicOnly = fieldsRefused(caller, 'appointment', input);
  if (clinicOnly.length > 0) {
    throw forbidden(
      'The clinic sets who runs an appointment, its length and its notes.',
      clinicOnly.map((field) => ({ field: `body.${field}`, message: 'You may not set this field.' })),
    );
  }
  checkClientStart(start, now);
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
  return operation(db, entry, async (audit) => {
    const via = requireGrant(caller, 'appointments.write', await targetUser(db, input.client_id), 'body.client_id');
    const { resource, service, clinic } = await bookingParts(db, input.resource_id, input.service_id);
    const start = parseInstant(input.starts_at, 'body.starts_at');
    if (via === 'self') checkClientBooking(caller, input, service, start, now());
    else requireWritable(caller, 'appointment', input);
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
        await queueAppointmentMessages(tx, { appointmentId: created.id, kind: 'booking_confirmation' }, now());
        const appointment = await selectAppointment(tx, created.id);
        if (!appointment) throw new Error(`Appointment ${created.id} vanished inside its own insert`);
        return audit.recordSuccess(tx, {
          status: 201,
          body: answerFor(caller, 'appointment', appointment),
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
