/** Reading appointments: a client's own list, a clinic's list and its week grid, one appointment. */
import { answerFor, readsAll } from '../access/fields.ts';
import { requireGrant, targetUser } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import {
  type Appointment,
  type AppointmentList,
  type GetScheduleQuery,
  type ListAppointmentsQuery,
  type ScheduleEntry,
} from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import { type Database } from '../db/database.ts';
import { type JsonText } from '../core/answer.ts';
import { badRequest, forbidden } from '../core/problem.ts';
import { SELECT_APPOINTMENT, toAppointment, type AppointmentRow } from './appointment-store.ts';
import { checkSpanOrder, endsAfterSql, parseInstant, reachableAppointment } from './appointment-rules.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';

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
  return operation(db, entry, async () => {
    const params: unknown[] = [];
    const where: string[] = [];
    const scope = listScope(caller, 'appointments.read', 'You may not see appointments.');
    if (query.client !== undefined) {
      requireGrant(caller, 'appointments.read', await targetUser(db, query.client), 'query.client');
      where.push(`a.client_id = $${params.push(query.client)}`);
    } else {
      if (scope.via === 'self') entry.subjectId = caller.id;
      where.push(scope.where({ role: 'cu.role', owner: 'a.client_id' }, params));
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
    return {
      results: rows.slice(0, query.limit).map((row) => answerFor(caller, 'appointment', toAppointment(row))),
      truncated: rows.length > query.limit,
    };
  });
}

/** What a schedule entry holds (clinic.yaml's ScheduleEntry). */
const SCHEDULE_ENTRY_FIELDS = [
  'id',
  'client_name',
  'resource_id',
  'service_name',
  'status',
  'starts_at',
  'ends_at',
  'version',
] as const satisfies readonly (keyof ScheduleEntry)[];

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
  return operation(db, entry, async (audit) => {
    // The whole clinic's schedule is for the roles that read others' appointments; a client reads its own list.
    const scope = listScope(caller, 'appointments.read', 'The clinic’s schedule is for its staff.');
    if (scope.via !== 'role') throw forbidden('The clinic’s schedule is for its staff.');
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
    where.push(scope.where({ role: 'a.client_role' }, params));
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
      // The entries are kept as text for the fast path; a role that does not read all of an entry gets it parsed
      // and projected (none does today: every reader of the schedule reads whole appointments).
      const projected = !readsAll(caller, 'appointment', SCHEDULE_ENTRY_FIELDS);
      const results =
        truncated || projected
          ? JSON.stringify(
              (JSON.parse(page.results) as ScheduleEntry[])
                .slice(0, query.limit)
                .map((entry) => answerFor(caller, 'appointment', entry)),
            )
          : page.results;
      const answer: JsonText = { json: `{"results":${results},"truncated":${truncated}}` };
      // Recorded in the same transaction: one round trip fewer than after it.
      await audit.recordSuccess(tx, { status: 200, body: answer });
      return answer;
    });
  });
}

export async function readAppointment(db: Database, caller: Actor, id: string): Promise<Appointment> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'appointments.read',
    resourceType: 'appointment',
    resourceId: id,
    subjectId: null,
  };
  return operation(db, entry, async () =>
    answerFor(
      caller,
      'appointment',
      (await reachableAppointment(db, caller, id, 'appointments.read', entry)).appointment,
    ),
  );
}
