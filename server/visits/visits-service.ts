/**
 * Therapy visits: drafts created and replaced whole by the device that charts
 * them (ids made there, so a resend never makes a second visit), sign-off that
 * locks them, and addenda after. The server, not the body, says who entered
 * what: every entry and field that changes is attributed to the token's
 * subject at the server's time.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '@contract';
import { wallClockAt } from '@contract';
import {
  OVERRIDE_ROLES,
  attributedPaths,
  draftProblems,
  entriesById,
  profileSaysDiabetic,
  signingProblems,
  type VisitFieldError,
} from '@contract';
import { answerFor } from '../access/fields.ts';
import { requireGrant, requireSomeGrant, targetUser, targetVisitClient } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import type {
  AddendumCreate,
  Appointment,
  LifestyleHistory,
  ListVisitsQuery,
  Visit,
  VisitDraft,
  VisitList,
  VisitSign,
} from '../core/contract-types.ts';
import { isRole } from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Database, Queryable } from '../db/database.ts';
import { API_BASE_PATH, type Answer } from '../core/answer.ts';
import { etagOfVersion, parseIfMatch, requireIfMatch, staleVersion } from '../core/preconditions.ts';
import { HttpProblem, badRequest, conflict, forbidden, notFound } from '../core/problem.ts';
import { selectAppointment } from '../scheduling/appointment-store.ts';
import {
  SELECT_VISIT_SUMMARY,
  draftOf,
  loadVisit,
  selectVisitRow,
  toVisitSummary,
  type Attribution,
  type VisitContent,
  type VisitRow,
  type VisitSummaryRow,
} from './visit-store.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';

export interface VisitDeps {
  db: Database;
  now: () => Date;
}

/** The zone a visit's day is told in when it has no clinic (the demo clinics' own). */
const DEFAULT_ZONE = 'Asia/Kolkata';
/** A sign-off stamped by the device this far ahead of the server's clock is still taken as it is. */
const DEVICE_CLOCK_TOLERANCE_MS = 10 * 60 * 1000;

function inBody(errors: readonly VisitFieldError[]) {
  return errors.map((error) => ({ field: `body.${error.field}`, message: error.message }));
}

/** 422: the visit cannot be signed yet; every field at fault is named (as a path into the visit). */
function notSignable(errors: readonly VisitFieldError[]): HttpProblem {
  return new HttpProblem(422, 'The visit is not complete yet: fill in what is marked, then sign.', errors);
}

function locked(row: Pick<VisitRow, 'signed_at'>): HttpProblem {
  return conflict('This visit is signed and locked. Add an addendum to correct it.', [
    { field: 'state', message: `signed${row.signed_at ? ` at ${new Date(row.signed_at).toISOString()}` : ''}` },
  ]);
}

/**
 * Where a caller stands with one visit: found, and reachable for `operation`
 * (charting and signing are granted per therapy, so the visit's counts).
 */
async function reachableVisit(
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
function visitFor(caller: Actor, visit: Visit): Visit {
  return answerFor(caller, 'visit', visit);
}

export async function listVisits(db: Database, caller: Actor, query: ListVisitsQuery): Promise<VisitList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'visits.list',
    resourceType: 'visit',
    resourceId: null,
    subjectId: query.client ?? null,
  };
  return operation(db, entry, async () => {
    const params: unknown[] = [];
    const where: string[] = [];
    const scope = listScope(caller, 'visits.read', 'You may not see therapy visits.');
    let via = scope.via;
    if (query.client !== undefined) {
      via = requireGrant(caller, 'visits.read', await targetUser(db, query.client), 'query.client');
      where.push(`v.client_id = $${params.push(query.client)}`);
    } else {
      if (via === 'self') entry.subjectId = caller.id;
      where.push(scope.where({ role: 'cu.role', owner: 'v.client_id' }, params));
    }
    if (via === 'self') {
      // Drafts are never shown to the client.
      if (query.state === 'draft') return { results: [], truncated: false };
      where.push(`v.state = 'signed'`);
    } else if (query.state !== undefined) {
      where.push(`v.state = $${params.push(query.state)}`);
    }
    if (query.therapy !== undefined) where.push(`v.therapy = $${params.push(query.therapy)}`);
    if (query.clinic !== undefined) where.push(`v.clinic_id = $${params.push(query.clinic)}`);
    if (query.appointment !== undefined) where.push(`v.appointment_id = $${params.push(query.appointment)}`);
    const rows = await db.query<VisitSummaryRow>(
      `${SELECT_VISIT_SUMMARY} WHERE ${where.length > 0 ? where.join(' AND ') : 'true'}
       ORDER BY v.created_at DESC, v.id LIMIT $${params.push(query.limit + 1)}`,
      params,
    );
    return {
      results: rows.slice(0, query.limit).map((row) => answerFor(caller, 'visit', toVisitSummary(row))),
      truncated: rows.length > query.limit,
    };
  });
}

export async function readVisit(db: Database, caller: Actor, id: string): Promise<Visit> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'visits.read',
    resourceType: 'visit',
    resourceId: id,
    subjectId: null,
  };
  return operation(db, entry, async () => {
    const { row } = await reachableVisit(db, caller, id, 'visits.read', entry);
    return visitFor(caller, await loadVisit(db, row));
  });
}

/**
 * Who entered what, after a change by `by` at `at`: entries (by id) and fields
 * (by path) that are new or changed are the caller's; the rest keep theirs;
 * what was removed loses its attribution.
 */
export function attribute(
  before: VisitDraft | null,
  after: VisitDraft,
  previous: Readonly<Record<string, Attribution>>,
  stamp: Attribution,
): Record<string, Attribution> {
  const next: Record<string, Attribution> = {};
  const oldEntries = before ? entriesById(before) : new Map<string, unknown>();
  for (const [id, entry] of entriesById(after)) {
    const kept = previous[id];
    next[id] = kept && canonicalJson(oldEntries.get(id)) === canonicalJson(entry) ? kept : stamp;
  }
  const oldPaths = before ? attributedPaths(before) : new Map<string, unknown>();
  for (const [path, value] of attributedPaths(after)) {
    const kept = previous[path];
    const unchanged = canonicalJson(oldPaths.get(path) ?? null) === canonicalJson(value);
    if (unchanged && kept) next[path] = kept;
    else if (!unchanged && value !== null) next[path] = stamp;
  }
  return next;
}

/** The clinic a new visit belongs to: its appointment's, else the clinic named on the charting person's profile. */
async function clinicOf(db: Queryable, caller: Actor, appointment: Appointment | null): Promise<string | null> {
  if (appointment) return appointment.clinic_id;
  const [row] = await db.query<{ id: string }>(
    'SELECT c.id FROM profiles p JOIN clinics c ON c.name = p.clinic WHERE p.client_id = $1',
    [caller.id],
  );
  return row?.id ?? null;
}

async function zoneOf(db: Queryable, clinicId: string | null): Promise<string> {
  if (clinicId === null) return DEFAULT_ZONE;
  const [row] = await db.query<{ time_zone: string }>('SELECT time_zone FROM clinics WHERE id = $1', [clinicId]);
  return row?.time_zone ?? DEFAULT_ZONE;
}

/**
 * The appointment a new visit starts from: the client's own, not over. A
 * booked or checked-in appointment moves to in progress (checked in on the
 * way, as the status rules require).
 */
async function startFromAppointment(tx: Queryable, appointmentId: string, clientId: string): Promise<Appointment> {
  const appointment = await selectAppointment(tx, appointmentId, { lock: true });
  if (!appointment || appointment.client_id !== clientId) {
    throw badRequest('The appointment is not one of this client’s.', [
      { field: 'body.appointment_id', message: 'not an appointment of this client' },
    ]);
  }
  if (!['booked', 'checked_in', 'in_progress'].includes(appointment.status)) {
    throw conflict(`This appointment is ${appointment.status.replace('_', ' ')}: start the visit without it.`, [
      { field: 'body.appointment_id', message: `current status: ${appointment.status}` },
    ]);
  }
  if (appointment.status !== 'in_progress') {
    await tx.query(
      `UPDATE appointments SET status = 'in_progress', checked_in_at = coalesce(checked_in_at, now()),
              started_at = now(), version = version + 1, updated_at = now()
       WHERE id = $1`,
      [appointmentId],
    );
  }
  return appointment;
}

/** A positive contraindication goes ahead only on a clinician's word. */
function checkOverride(caller: Actor, before: VisitDraft | null, after: VisitDraft): void {
  const reason = after.contraindications?.override_reason ?? null;
  const previous = before?.contraindications?.override_reason ?? null;
  if (reason === null || reason === previous) return;
  if (isRole(caller.role) && OVERRIDE_ROLES.includes(caller.role)) return;
  throw forbidden('Only a nurse or a doctor may record why a visit goes ahead after a positive screen.', [
    { field: 'body.contraindications.override_reason', message: 'a nurse or a doctor records this' },
  ]);
}

function contentOf(draft: VisitDraft): VisitContent {
  const { client_id: _client, therapy: _therapy, appointment_id: _appointment, ...content } = draft;
  return content;
}

export interface VisitSave {
  id: string;
  draft: VisitDraft;
  ifMatch: string | undefined;
}

/** PUT /visits/{id}: creates the draft, or replaces it on the version the device edited. */
export async function saveVisit(
  { db, now }: VisitDeps,
  caller: Actor,
  { id, draft, ifMatch }: VisitSave,
): Promise<Answer<Visit>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'visits.update',
    resourceType: 'visit',
    resourceId: id,
    subjectId: draft.client_id,
    fields: Object.keys(draft),
  };
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'visits.chart', await targetVisitClient(db, draft.client_id, draft.therapy), 'body.client_id');
    const expected = parseIfMatch(ifMatch);
    return db.transaction(async (tx) => {
      const existing = await selectVisitRow(tx, id, { lock: true });
      const at = now();
      if (!existing) {
        entry.action = 'visits.create';
        if (expected !== null) throw notFound('There is no such visit.');
        const appointment = draft.appointment_id
          ? await startFromAppointment(tx, draft.appointment_id, draft.client_id)
          : null;
        const clinicId = await clinicOf(tx, caller, appointment);
        checkDraft(draft, at, await zoneOf(tx, clinicId));
        checkOverride(caller, null, draft);
        const attributions = attribute(null, draft, {}, { by: caller.id, at: at.toISOString() });
        await tx.query(
          `INSERT INTO visits (id, client_id, therapy, appointment_id, clinic_id, content, attributions, created_by,
                               updated_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $8, $9, $9)`,
          [
            id,
            draft.client_id,
            draft.therapy,
            draft.appointment_id ?? null,
            clinicId,
            JSON.stringify(contentOf(draft)),
            JSON.stringify(attributions),
            caller.id,
            at,
          ],
        );
        return answerWith(tx, caller, id, 201, audit);
      }

      if (!requireIfMatch(ifMatch).includes(existing.version)) {
        throw staleVersion('visit', visitFor(caller, await loadVisit(tx, existing)));
      }
      if (existing.state === 'signed') throw locked(existing);
      const fixed: [keyof VisitDraft, unknown, unknown][] = [
        ['client_id', draft.client_id, existing.client_id],
        ['therapy', draft.therapy, existing.therapy],
        ['appointment_id', draft.appointment_id ?? existing.appointment_id, existing.appointment_id],
      ];
      const moved = fixed.filter(([, sent, stored]) => String(sent).toLowerCase() !== String(stored).toLowerCase());
      if (moved.length > 0) {
        throw badRequest('A visit’s client, therapy and appointment stay as they were when it started.', [
          ...moved.map(([field]) => ({ field: `body.${field}`, message: 'cannot change once the visit has started' })),
        ]);
      }
      checkDraft(draft, at, await zoneOf(tx, existing.clinic_id));
      const before = draftOf(existing);
      checkOverride(caller, before, draft);
      const attributions = attribute(before, draft, existing.attributions, { by: caller.id, at: at.toISOString() });
      await tx.query(
        `UPDATE visits SET content = $2::jsonb, attributions = $3::jsonb, version = version + 1, updated_by = $4,
                           updated_at = $5
         WHERE id = $1`,
        [id, JSON.stringify(contentOf(draft)), JSON.stringify(attributions), caller.id, at],
      );
      return answerWith(tx, caller, id, 200, audit);
    });
  });
}

function checkDraft(draft: VisitDraft, now: Date, zone: string): void {
  const problems = draftProblems(draft, { now, today: wallClockAt(now, zone).date });
  if (problems.length > 0) throw badRequest('Some values cannot be recorded as they are.', inBody(problems));
}

async function answerWith(
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

/** The SHA-256 of what is signed: the visit's identity and content, and who entered what. */
export function signedContentHash(
  row: Pick<VisitRow, 'id' | 'client_id' | 'therapy' | 'appointment_id' | 'content' | 'attributions'>,
): string {
  const signed = {
    id: row.id,
    client_id: row.client_id,
    therapy: row.therapy,
    appointment_id: row.appointment_id,
    content: row.content,
    attributions: row.attributions,
  };
  return createHash('sha256').update(canonicalJson(signed)).digest('hex');
}

export interface VisitSignOff {
  id: string;
  body: VisitSign;
  ifMatch: string | undefined;
}

/** POST /visits/{id}/sign: locks a complete draft. */
export async function signVisit(
  { db, now }: VisitDeps,
  caller: Actor,
  { id, body, ifMatch }: VisitSignOff,
): Promise<Answer<Visit>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'visits.sign',
    resourceType: 'visit',
    resourceId: id,
    subjectId: null,
  };
  return operation(db, entry, async (audit) => {
    const expected = requireIfMatch(ifMatch);
    const at = now();
    const signedOnDevice = Date.parse(body.signed_on_device_at);
    if (signedOnDevice > at.getTime() + DEVICE_CLOCK_TOLERANCE_MS) {
      throw badRequest('The sign-off cannot be later than now.', [
        { field: 'body.signed_on_device_at', message: 'cannot be later than now' },
      ]);
    }
    return db.transaction(async (tx) => {
      const { row } = await reachableVisit(tx, caller, id, 'visits.sign', entry, { lock: true });
      if (!expected.includes(row.version)) throw staleVersion('visit', visitFor(caller, await loadVisit(tx, row)));
      if (row.state === 'signed') throw locked(row);
      const [client] = await tx.query<{ consented: boolean | null; lifestyle: LifestyleHistory | null }>(
        'SELECT hipaa_consent AS consented, lifestyle_history AS lifestyle FROM profiles WHERE client_id = $1',
        [row.client_id],
      );
      const problems = signingProblems(draftOf(row), {
        hipaaConsent: client?.consented === true,
        diabetic: profileSaysDiabetic(client?.lifestyle),
      });
      if (problems.length > 0) throw notSignable(problems);
      if (signedOnDevice < new Date(row.created_at).getTime() - DEVICE_CLOCK_TOLERANCE_MS) {
        throw badRequest('The sign-off cannot be earlier than the visit.', [
          { field: 'body.signed_on_device_at', message: 'earlier than the visit started' },
        ]);
      }
      await tx.query(
        `UPDATE visits SET state = 'signed', signed_by = $2, signed_at = $3, signed_on_device_at = $4, content_hash = $5,
                           version = version + 1, updated_by = $2, updated_at = $3
         WHERE id = $1`,
        [id, caller.id, at, new Date(signedOnDevice), signedContentHash(row)],
      );
      if (row.appointment_id) {
        // Signing the visit completes the session it charted.
        await tx.query(
          `UPDATE appointments SET status = 'completed', completed_at = $2, version = version + 1, updated_at = $2
           WHERE id = $1 AND status = 'in_progress'`,
          [row.appointment_id, at],
        );
      }
      return answerWith(tx, caller, id, 200, audit);
    });
  });
}

export interface VisitAddendum {
  visitId: string;
  body: AddendumCreate;
}

/** POST /visits/{id}/addenda: a correction appended to a signed visit. */
export async function addAddendum(
  { db, now }: VisitDeps,
  caller: Actor,
  { visitId, body }: VisitAddendum,
): Promise<Answer<Visit>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'visits.addendum',
    resourceType: 'visit',
    resourceId: visitId,
    subjectId: null,
    fields: ['text'],
  };
  return operation(db, entry, async (audit) => {
    return db.transaction(async (tx) => {
      // A correction of a signed record is for those who may sign it.
      const { row } = await reachableVisit(tx, caller, visitId, 'visits.sign', entry, { lock: true });
      if (row.state !== 'signed') {
        throw conflict('This visit is still a draft: change it directly; addenda correct a signed visit.', [
          { field: 'state', message: 'draft' },
        ]);
      }
      const [taken] = await tx.query<{ visit_id: string }>('SELECT visit_id FROM visit_addenda WHERE id = $1', [
        body.id,
      ]);
      if (taken) {
        throw conflict('An addendum with this id exists already.', [{ field: 'body.id', message: 'already used' }]);
      }
      await tx.query(
        `INSERT INTO visit_addenda (id, visit_id, text, author_id, device_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [body.id, visitId, body.text, caller.id, caller.deviceId, now()],
      );
      return answerWith(tx, caller, visitId, 201, audit);
    });
  });
}
