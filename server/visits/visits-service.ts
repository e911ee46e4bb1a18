/**
 * Therapy visits: drafts created and replaced whole by the device that charts
 * them (ids made there, so a resend never makes a second visit), sign-off that
 * locks them, and addenda after. The server, not the body, says who entered
 * what: every entry and field that changes is attributed to the token's
 * subject, with the server's time of receipt beside the device's time of the
 * entry (which an entry made offline keeps). Signing and addenda are
 * visit-signing.ts.
 */
import {
  OVERRIDE_ROLES,
  attributedPaths,
  changedKeys,
  draftProblems,
  entriesById,
  wallClockAt,
  type VisitFieldError,
} from '@contract';
import { answerFor, requireWritable } from '../access/fields.ts';
import { requireGrant, targetUser, targetVisitClient } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import type { Appointment, ListVisitsQuery, Visit, VisitDraft, VisitList } from '../core/contract-types.ts';
import { isRole } from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Answer } from '../core/answer.ts';
import { parseIfMatch, requireIfMatch, staleVersion } from '../core/preconditions.ts';
import { badRequest, conflict, forbidden, notFound } from '../core/problem.ts';
import { selectAppointment } from '../scheduling/appointment-store.ts';
import { answerWith, locked, reachableVisit, visitFor, type VisitDeps } from './visit-reach.ts';
import {
  SELECT_VISIT_SUMMARY,
  draftOf,
  loadVisit,
  selectVisitRow,
  toVisitSummary,
  type Attribution,
  type VisitContent,
  type VisitSummaryRow,
} from './visit-store.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';

/** The zone a visit's day is told in when it has no clinic (the demo clinics' own). */
const DEFAULT_ZONE = 'Asia/Kolkata';

function inBody(errors: readonly VisitFieldError[]) {
  return errors.map((error) => ({ field: `body.${error.field}`, message: error.message }));
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

/** Who sends a change and when the server received it. */
interface Receipt {
  by: string;
  at: string;
}

/**
 * Who entered what, after a change sent by `receipt.by`: entries (by id) and
 * fields (by path) that are new or changed are the sender's, timed by the
 * device where the draft says when (`recorded_at`; a time the key already
 * had is an old one, not this change's) and by the receipt otherwise; the
 * rest keep theirs; what was removed loses its attribution.
 */
export function attribute(
  before: VisitDraft | null,
  after: VisitDraft,
  previous: Readonly<Record<string, Attribution>>,
  receipt: Receipt,
): Record<string, Attribution> {
  const changed = new Set(changedKeys(before, after));
  const oldPaths = before ? attributedPaths(before) : new Map<string, unknown>();
  const next: Record<string, Attribution> = {};
  for (const [key, value] of [...entriesById(after), ...attributedPaths(after)]) {
    const kept = previous[key];
    if (!changed.has(key)) {
      // Unchanged keeps its attribution; a field emptied loses it.
      const emptied = value === null && (oldPaths.get(key) ?? null) !== null;
      if (kept && !emptied) next[key] = kept;
      continue;
    }
    const sent = after.recorded_at?.[key];
    const timed = sent !== undefined && Date.parse(sent.at) !== Date.parse(kept?.recorded_at ?? '');
    next[key] = {
      by: receipt.by,
      at: receipt.at,
      recorded_at: timed ? new Date(sent.at).toISOString() : receipt.at,
      device_clock_offset_ms: timed ? sent.device_clock_offset_ms : null,
    };
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

/** What a visit keeps of a draft: the charting, without what has columns or attributions of its own. */
function contentOf(draft: VisitDraft): VisitContent {
  const {
    client_id: _client,
    therapy: _therapy,
    appointment_id: _appointment,
    opened_at: _opened,
    recorded_at: _recorded,
    ...content
  } = draft;
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
    requireWritable(caller, 'visit', draft);
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
        // A visit started offline began on the device, before the server heard of it.
        const openedAt = draft.opened_at ? new Date(draft.opened_at) : at;
        checkDraft(draft, at, await zoneOf(tx, clinicId), openedAt);
        checkOverride(caller, null, draft);
        const attributions = attribute(null, draft, {}, { by: caller.id, at: at.toISOString() });
        await tx.query(
          `INSERT INTO visits (id, client_id, therapy, appointment_id, clinic_id, content, attributions, created_by,
                               updated_by, created_at, updated_at, opened_at)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $8, $9, $9, $10)`,
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
            openedAt,
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
      // The visit's beginning was fixed when it was created; a draft's own `opened_at` is not read again.
      checkDraft(draft, at, await zoneOf(tx, existing.clinic_id), new Date(existing.opened_at));
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

function checkDraft(draft: VisitDraft, now: Date, zone: string, openedAt: Date): void {
  const problems = draftProblems(draft, { now, today: wallClockAt(now, zone).date, openedAt });
  if (problems.length > 0) throw badRequest('Some values cannot be recorded as they are.', inBody(problems));
}
