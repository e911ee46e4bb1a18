/**
 * Lab results: listed and read as the caller's grants reach them and its
 * role reads them (server/access: whose results, whether only released
 * ones, and which fields), entered by hand from the table of
 * openapi/results/lab-tests.ts, imported from a lab's FHIR report
 * (fhir-import.ts), and released to the client by a doctor. Every read and
 * change is an audited operation.
 */
import { CLOCK_TOLERANCE_MS, isoInZone } from '@contract';
import { answerFor, requireReadableFilters, requireWritable } from '../access/fields.ts';
import { requireGrant, requireSomeGrant, targetResultClient, targetUser } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import type { Actor } from '../core/actor.ts';
import type { Answer } from '../core/answer.ts';
import type { AuditEntry } from '../core/audit-trail.ts';
import type { components, operations } from '@contract';
import { operation } from '../core/operation.ts';
import { etagOfVersion, requireIfMatch, staleVersion } from '../core/preconditions.ts';
import { badRequest, conflict, notFound, type FieldError } from '../core/problem.ts';
import type { Database, Queryable } from '../db/database.ts';
import { checkMeasuredValue } from './observation-checks.ts';
import {
  SELECT_RESULTS,
  insertResult,
  selectResultRow,
  toResult,
  type ObservationToStore,
  type PendingResult,
  type Result,
  type ResultRow,
  type ResultToStore,
} from './result-store.ts';

type Schemas = components['schemas'];
type ResultList = Schemas['ResultList'];
type ResultCreate = Schemas['ResultCreate'];
export type ListResultsQuery = NonNullable<operations['listResults']['parameters']['query']> & { limit: number };

export interface ResultDeps {
  db: Database;
  now: () => Date;
}

export const NO_RESULTS = 'You may not see lab results.';

/** GET /results: newest sample first, and, for one client, the partner tests still waiting for a result. */
export async function listResults(db: Database, caller: Actor, query: ListResultsQuery): Promise<ResultList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'results.list',
    resourceType: 'result',
    resourceId: null,
    subjectId: query.client ?? null,
  };
  return operation(db, entry, async () => {
    const scope = listScope(caller, 'results.read', NO_RESULTS);
    // Which results are critical is what their values say: only a role that reads them may ask.
    if (query.critical !== undefined) requireReadableFilters(caller, 'result', { critical: 'critical' });
    const params: unknown[] = [];
    const where = [scope.where({ role: 'cu.role', owner: 'r.client_id', released: 'r.released_at' }, params)];
    let clientId: string | null = null;
    if (query.client !== undefined) {
      requireGrant(caller, 'results.read', await targetUser(db, query.client), 'query.client');
      clientId = query.client;
    } else if (scope.via === 'self') {
      clientId = caller.id;
      entry.subjectId = caller.id;
    }
    if (clientId !== null) where.push(`r.client_id = $${params.push(clientId)}`);
    if (query.released !== undefined) where.push(`(r.released_at IS NOT NULL) = $${params.push(query.released)}`);
    if (query.critical !== undefined) where.push(`r.critical = $${params.push(query.critical)}`);
    if (query.since !== undefined) where.push(`r.collected_at >= $${params.push(query.since)}::timestamptz`);
    const rows = await db.query<ResultRow>(
      `${SELECT_RESULTS} WHERE ${where.join(' AND ')}
       ORDER BY r.collected_at DESC, r.id LIMIT $${params.push(query.limit + 1)}`,
      params,
    );
    const pending = clientId === null ? [] : await pendingTests(db, clientId, scope.releasedOnly);
    return {
      results: rows.slice(0, query.limit).map((row) => answerFor(caller, 'result', toResult(row))),
      pending: pending.map((test) => answerFor(caller, 'result', test)),
      truncated: rows.length > query.limit,
    };
  });
}

/**
 * The client's partner tests whose sample was taken (checked in or later) and
 * whose result has not arrived; for those who see only released results, not
 * released yet. Newest first.
 */
async function pendingTests(db: Queryable, clientId: string, untilReleased: boolean): Promise<PendingResult[]> {
  const rows = await db.query<{
    appointment_id: string;
    client_id: string;
    test_name: string;
    panels: string[];
    starts_at: Date | string;
    time_zone: string;
  }>(
    `SELECT a.id AS appointment_id, a.client_id, s.name AS test_name, to_jsonb(t.panels) AS panels, a.starts_at,
            c.time_zone
     FROM appointments a
     JOIN services s ON s.id = a.service_id
     JOIN health_tests t ON t.service_id = s.id AND t.kind = 'partner'
     JOIN clinics c ON c.id = a.clinic_id
     WHERE a.client_id = $1 AND a.status IN ('checked_in', 'in_progress', 'completed')
       AND NOT EXISTS (SELECT 1 FROM lab_results r WHERE r.appointment_id = a.id
                       AND ($2 = false OR r.released_at IS NOT NULL))
     ORDER BY a.starts_at DESC LIMIT 20`,
    [clientId, untilReleased],
  );
  return rows.map((row) => ({ ...row, starts_at: isoInZone(new Date(row.starts_at), row.time_zone) }));
}

/**
 * One result the caller may read: a role without the grant learns nothing of
 * which exist; one out of reach is refused; one not released yet, for a grant
 * reaching only released results, is not there (404, as if it did not exist).
 */
export async function reachableResult(
  db: Queryable,
  caller: Actor,
  id: string,
  entry: AuditEntry,
  { lock = false } = {},
): Promise<ResultRow> {
  requireSomeGrant(caller, 'results.read', NO_RESULTS);
  const row = await selectResultRow(db, id, { lock });
  if (!row) throw notFound('There is no such result.');
  entry.subjectId = row.client_id;
  requireGrant(caller, 'results.read', await targetResultClient(db, row.client_id, row.released_at !== null));
  return row;
}

export async function readResult(db: Database, caller: Actor, id: string): Promise<Result> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'results.read',
    resourceType: 'result',
    resourceId: id,
    subjectId: null,
  };
  return operation(db, entry, async () => {
    return answerFor(caller, 'result', toResult(await reachableResult(db, caller, id, entry)));
  });
}

/** The booking a result came from must be the client's own. */
export async function checkBooking(
  db: Queryable,
  clientId: string,
  appointmentId: string,
  field: string,
): Promise<void> {
  const [row] = await db.query<{ client_id: string }>('SELECT client_id FROM appointments WHERE id = $1', [
    appointmentId,
  ]);
  if (row?.client_id !== clientId) {
    throw badRequest('The booking is not one of this client’s.', [{ field, message: 'not a booking of this client' }]);
  }
}

/** Stores a checked result in one transaction with its audit record; 409 when it is there already. */
export async function storeResult(
  db: Database,
  caller: Actor,
  audit: { recordSuccess: (tx: Queryable, answer: Answer<Result>) => Promise<Answer<Result>> },
  result: ResultToStore,
  taken: { field: string; message: string },
): Promise<Answer<Result>> {
  return db.transaction(async (tx) => {
    if (!(await insertResult(tx, result))) throw conflict('This result is stored already.', [taken]);
    const row = await selectResultRow(tx, result.id);
    if (!row) throw new Error(`Result ${result.id} vanished inside its own insert`);
    const stored = answerFor(caller, 'result', toResult(row));
    return audit.recordSuccess(tx, { status: 201, body: stored, headers: { ETag: etagOfVersion(stored.version) } });
  });
}

/** POST /results: a result typed on the tablet form, each value checked and flagged with the table. */
export async function createResult(
  { db, now }: ResultDeps,
  caller: Actor,
  body: ResultCreate,
): Promise<Answer<Result>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'results.create',
    resourceType: 'result',
    resourceId: body.id,
    subjectId: body.client_id,
    fields: body.observations.map((observation) => observation.loinc),
  };
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'results.write', await targetUser(db, body.client_id), 'body.client_id');
    requireWritable(caller, 'result', body);
    const errors: FieldError[] = [];
    const observations: ObservationToStore[] = [];
    const seen = new Set<string>();
    body.observations.forEach((observation, index) => {
      const at = `body.observations.${index}`;
      if (seen.has(observation.loinc)) {
        errors.push({ field: `${at}.loinc`, message: 'is entered twice in this result' });
        return;
      }
      seen.add(observation.loinc);
      const checked = checkMeasuredValue(
        { loinc: observation.loinc, value: observation.value, unit: observation.unit },
        { code: `${at}.loinc`, value: `${at}.value`, unit: `${at}.unit` },
      );
      if ('errors' in checked) errors.push(...checked.errors);
      else observations.push(checked.stored);
    });
    if (Date.parse(body.collected_at) > now().getTime() + CLOCK_TOLERANCE_MS) {
      errors.push({ field: 'body.collected_at', message: 'A sample cannot be taken later than now.' });
    }
    if (errors.length > 0) throw badRequest('Some values cannot be recorded as they are.', errors);
    if (body.appointment_id) await checkBooking(db, body.client_id, body.appointment_id, 'body.appointment_id');
    return storeResult(
      db,
      caller,
      audit,
      {
        id: body.id,
        client_id: body.client_id,
        appointment_id: body.appointment_id ?? null,
        source: 'entered',
        source_ref: null,
        lab: body.lab ?? null,
        collected_at: body.collected_at,
        reported_at: null,
        created_by: caller.id,
        device_id: caller.deviceId,
        observations,
      },
      { field: 'body.id', message: 'is taken; make a new id for a new result' },
    );
  });
}

export interface ReleaseRequest {
  id: string;
  note: string | null;
  ifMatch: string | undefined;
}

/** POST /results/{id}/release: a doctor releases the version reviewed, once. */
export async function releaseResult(
  { db }: ResultDeps,
  caller: Actor,
  { id, note, ifMatch }: ReleaseRequest,
): Promise<Answer<Result>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'results.release',
    resourceType: 'result',
    resourceId: id,
    subjectId: null,
    fields: note === null ? ['released'] : ['released', 'release_note'],
  };
  return operation(db, entry, async (audit) => {
    // Told before the result is looked up: a role that may not release learns nothing of which results exist.
    requireSomeGrant(caller, 'results.release');
    requireWritable(caller, 'result', { note });
    const versions = requireIfMatch(ifMatch);
    return db.transaction(async (tx) => {
      const row = await reachableResult(tx, caller, id, entry, { lock: true });
      requireGrant(caller, 'results.release', await targetUser(tx, row.client_id));
      if (row.released_at !== null) {
        throw conflict('This result is released already.', [{ field: 'state', message: 'released' }]);
      }
      if (!versions.includes(row.version)) throw staleVersion('result', answerFor(caller, 'result', toResult(row)));
      const trimmed = note?.trim() ? note.trim() : null;
      await tx.query(
        `UPDATE lab_results SET released_at = now(), released_by = $2, release_note = $3, version = version + 1
         WHERE id = $1`,
        [id, caller.id, trimmed],
      );
      const released = await selectResultRow(tx, id);
      if (!released) throw new Error(`Result ${id} vanished inside its release`);
      const body = answerFor(caller, 'result', toResult(released));
      return audit.recordSuccess(tx, { status: 200, body, headers: { ETag: etagOfVersion(body.version) } });
    });
  });
}
