/**
 * What every visit operation shares: whether the caller reaches the visit (for
 * reading, charting or signing, the grants of server/access), the answer as
 * the caller's role reads it, and the refusal of a change to a signed visit.
 */
import { answerFor } from '../access/fields.ts';
import { requireGrant, requireSomeGrant, targetVisitClient } from '../access/grants.ts';
import type { Visit } from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Database, Queryable } from '../db/database.ts';
import { API_BASE_PATH, type Answer } from '../core/answer.ts';
import { etagOfVersion } from '../core/preconditions.ts';
import { conflict, notFound, type HttpProblem } from '../core/problem.ts';
import { type Actor } from '../core/actor.ts';
import { loadVisit, selectVisitRow, type VisitRow } from './visit-store.ts';

export interface VisitDeps {
  db: Database;
  now: () => Date;
}

/** 409: a signed visit is locked; corrections are addenda. */
export function locked(row: Pick<VisitRow, 'signed_at'>): HttpProblem {
  return conflict('This visit is signed and locked. Add an addendum to correct it.', [
    { field: 'state', message: `signed${row.signed_at ? ` at ${new Date(row.signed_at).toISOString()}` : ''}` },
  ]);
}

/**
 * Where a caller stands with one visit: found, and reachable for `operation`
 * (charting and signing are granted per therapy, so the visit's counts).
 */
export async function reachableVisit(
  db: Queryable,
  caller: Actor,
  id: string,
  operation: 'visits.read' | 'visits.chart' | 'visits.sign',
  entry: AuditEntry,
  { lock = false } = {},
): Promise<{ row: VisitRow; via: 'self' | 'role' }> {
  requireSomeGrant(caller, operation);
  const row = await selectVisitRow(db, id, { lock });
  if (!row) throw notFound('There is no such visit.');
  entry.subjectId = row.client_id;
  const via = requireGrant(caller, operation, await targetVisitClient(db, row.client_id, row.therapy));
  // A client sees its own visits once signed; a draft is the clinic's work in progress.
  if (via === 'self' && row.state !== 'signed') throw notFound('There is no such visit.');
  return { row, via };
}

/** A visit as the caller reads it: reception, coaches and nutritionists its existence, therapy, times and state. */
export function visitFor(caller: Actor, visit: Visit): Visit {
  return answerFor(caller, 'visit', visit);
}

/** The visit after a change, as the caller reads it, with its version as the ETag: recorded as the change's answer. */
export async function answerWith(
  tx: Queryable,
  caller: Actor,
  id: string,
  status: 200 | 201,
  audit: { recordSuccess: <T>(tx: Queryable, answer: Answer<T>) => Promise<Answer<T>> },
): Promise<Answer<Visit>> {
  const row = await selectVisitRow(tx, id);
  if (!row) throw new Error(`Visit ${id} vanished inside its own change`);
  const visit = visitFor(caller, await loadVisit(tx, row));
  return audit.recordSuccess(tx, {
    status,
    body: visit,
    headers: {
      ETag: etagOfVersion(visit.version),
      ...(status === 201 ? { Location: `${API_BASE_PATH}/visits/${id}` } : {}),
    },
  });
}
