/**
 * What the portal books: the tests catalogue (each test a service, offered at
 * the clinics that price it) and free slots, computed on every request from
 * the schedule as it is (slots.ts). Both are catalog reads about no one, but
 * free slots leave out the caller's own booked times, so they are audited
 * with the client as subject.
 */
import { grantedVia, requireGrant, requireGrantOverEveryone, targetUser } from '../access/grants.ts';
import { SLOT_SPAN_MAX_DAYS, SLOT_STEP_MINUTES, earliestClientStart } from '@contract';
import { durationMinutes, isoInZone } from '@contract';
import type { ListSlotsQuery, SlotList, Test, TestList } from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Database } from '../db/database.ts';
import { badRequest } from '../core/problem.ts';
import { selectClinic, selectService } from './catalog.ts';
import { freeSlots } from './slots.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';

type Timestamp = Date | string;

/**
 * A slot that starts before `to` ends within 12 hours (the longest service) plus 2 hours of turnover at most; so
 * does a booking that still holds its resource at `from`.
 */
const LONGEST_HOLD = '14 hours';

export async function listTests(db: Database, caller: Actor): Promise<TestList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'tests.list',
    resourceType: 'test',
    resourceId: null,
    subjectId: null,
  };
  return operation(db, entry, async () => {
    requireGrantOverEveryone(caller, 'booking.catalog');
    const rows = await db.query<Test>(
      `SELECT t.id, t.service_id, s.name, t.kind, t.partner, t.measures, s.preparation, s.what_to_bring,
              s.fasting_hours, to_char(s.default_duration, 'HH24:MI:SS') AS duration,
              coalesce((SELECT json_agg(json_build_object('clinic_id', p.clinic_id, 'amount_minor', p.amount_minor,
                                                          'currency', p.currency) ORDER BY c.name)
                        FROM health_test_prices p JOIN clinics c ON c.id = p.clinic_id
                        WHERE p.test_id = t.id), '[]') AS prices
       FROM health_tests t JOIN services s ON s.id = t.service_id
       ORDER BY t.position, s.name`,
    );
    return { results: rows };
  });
}

function instant(value: string, field: string): Date {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw badRequest('Not a time.', [{ field, message: 'not a valid instant' }]);
  return parsed;
}

export async function listSlots(
  { db, now }: { db: Database; now: () => Date },
  caller: Actor,
  query: ListSlotsQuery,
): Promise<SlotList> {
  // A client's free times are read around its own bookings: the subject is the client.
  const own = grantedVia(caller, 'appointments.read', { id: caller.id, role: caller.role }) === 'self';
  const entry: AuditEntry = {
    actor: caller,
    action: 'slots.list',
    resourceType: 'slot',
    resourceId: null,
    subjectId: query.client ?? (own ? caller.id : null),
  };
  return operation(db, entry, async () => {
    requireGrantOverEveryone(caller, 'booking.catalog');
    let clientId: string | null = null;
    if (query.client !== undefined) {
      requireGrant(caller, 'appointments.read', await targetUser(db, query.client), 'query.client');
      clientId = query.client;
    } else if (own) {
      clientId = caller.id;
    }

    const from = instant(query.from, 'query.from');
    const to = instant(query.to, 'query.to');
    if (from >= to)
      throw badRequest('`from` must come before `to`.', [{ field: 'query.to', message: 'must be after from' }]);
    if (to.getTime() - from.getTime() > SLOT_SPAN_MAX_DAYS * 24 * 60 * 60_000) {
      throw badRequest(`Ask for at most ${SLOT_SPAN_MAX_DAYS} days at a time.`, [
        { field: 'query.to', message: `at most ${SLOT_SPAN_MAX_DAYS} days after from` },
      ]);
    }
    const [service, clinic] = await Promise.all([selectService(db, query.service), selectClinic(db, query.clinic)]);
    if (!service || !clinic) {
      throw badRequest('The service or the clinic does not exist.', [
        ...(service ? [] : [{ field: 'query.service', message: 'no such service' }]),
        ...(clinic ? [] : [{ field: 'query.clinic', message: 'no such clinic' }]),
      ]);
    }

    const params: unknown[] = [clinic.id];
    const kinds = service.resource_kinds.map((kind) => `$${params.push(kind)}`).join(', ');
    const onlyResource = query.resource === undefined ? '' : `AND id = $${params.push(query.resource)}`;
    const resources = await db.query<{ id: string; turnover: string }>(
      `SELECT id, to_char(turnover, 'HH24:MI:SS') AS turnover FROM resources
       WHERE clinic_id = $1 AND kind IN (${kinds}) ${onlyResource} ORDER BY position, name`,
      params,
    );
    if (query.resource !== undefined && resources.length === 0) {
      throw badRequest('That resource cannot take this service at this clinic.', [
        { field: 'query.resource', message: 'not a resource of this clinic that takes the service' },
      ]);
    }
    const ids = resources.map((resource) => resource.id);
    const held =
      ids.length === 0
        ? []
        : // Read along the clinic's start times, bounded on both sides: the exclusion constraint's index finds a
          // resource's bookings among a chain's million by walking much of it.
          await db.query<{ resource_id: string; starts_at: Timestamp; occupied_until: Timestamp }>(
            `SELECT resource_id, starts_at, occupied_until FROM appointments
             WHERE clinic_id = $3 AND resource_id IN (${ids.map((_, index) => `$${index + 4}`).join(', ')})
               AND status NOT IN ('cancelled', 'no_show')
               AND occupied_until > $1 AND starts_at > $1::timestamptz - interval '${LONGEST_HOLD}'
               AND starts_at < $2::timestamptz + interval '${LONGEST_HOLD}'`,
            [from, to, clinic.id, ...ids],
          );
    const clientBusy =
      clientId === null
        ? []
        : await db.query<{ starts_at: Timestamp; ends_at: Timestamp }>(
            `SELECT starts_at, ends_at FROM appointments
             WHERE client_id = $1 AND status NOT IN ('cancelled', 'no_show')
               AND ends_at > $2 AND starts_at < $3::timestamptz + interval '${LONGEST_HOLD}'`,
            [clientId, from, to],
          );

    const slots = freeSlots({
      clinic: { timeZone: clinic.time_zone, openingHours: clinic.opening_hours },
      resources: resources.map((resource) => ({
        id: resource.id,
        turnoverMinutes: durationMinutes(resource.turnover),
      })),
      durationMinutes: durationMinutes(service.default_duration),
      stepMinutes: SLOT_STEP_MINUTES,
      from,
      to,
      // A client books the lead ahead; staff book from now (a walk-in at reception).
      earliest: own ? earliestClientStart(now()) : now(),
      held: held.map((row) => ({
        resourceId: row.resource_id,
        start: new Date(row.starts_at),
        occupiedUntil: new Date(row.occupied_until),
      })),
      clientBusy: clientBusy.map((row) => ({ start: new Date(row.starts_at), end: new Date(row.ends_at) })),
    });
    return {
      time_zone: clinic.time_zone,
      duration: service.default_duration,
      results: slots.map((slot) => ({
        starts_at: isoInZone(slot.start, clinic.time_zone),
        ends_at: isoInZone(slot.end, clinic.time_zone),
        resource_id: slot.resourceId,
      })),
    };
  });
}
