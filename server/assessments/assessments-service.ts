/**
 * Assessment results: a client's Thrive checks (WHO-5) and cognitive runs,
 * and the cardiovascular risk results staff share with it. The device makes
 * each result's id (a resend never records it twice); the server checks what
 * was answered and computes every score with openapi/assessments/, so what
 * is stored is never a score a device claimed. Results are kept, never
 * changed.
 */
import {
  assessmentProblems,
  cognitiveComplete,
  cognitiveScores,
  RESULT_MAX_AGE_DAYS,
  sharedRiskResult,
  takenAtProblems,
  contactedAtProblems,
  who5Alert,
  who5RawScore,
  who5Score,
} from '@contract';
import type { CognitiveRun, CognitiveScores, SharedRiskInput, SharedRiskResult } from '@contract';
import { answerFor, requireReadableFilters, requireWritable } from '../access/fields.ts';
import { hasSomeGrant, requireGrant, requireSomeGrant, targetUser } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import type {
  Assessment,
  AssessmentCreate,
  AssessmentList,
  ListAssessmentsQuery,
  WellbeingContact,
  WellbeingContactCreate,
} from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Answer } from '../core/answer.ts';
import { badRequest, conflict, forbidden, notFound } from '../core/problem.ts';
import { toIsoTimestamp } from '../profiles/profile-store.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';
import { queueStaffAlert } from '../messages/staff-alerts.ts';

export interface AssessmentDeps {
  db: Database;
  now: () => Date;
}

type Timestamp = Date | string;

interface AssessmentRow {
  id: string;
  client_id: string;
  client_name: string;
  type: Assessment['type'];
  taken_at: Timestamp;
  created_at: Timestamp;
  created_by: string;
  created_by_name: string;
  answers: number[] | null;
  raw_score: number | null;
  score: number | null;
  alert: boolean;
  record: CognitiveRun | SharedRiskInput | null;
  scores: CognitiveScores | SharedRiskResult | null;
  complete: boolean;
  baseline: boolean;
  contacts: WellbeingContactRow[] | null;
}

interface WellbeingContactRow extends Omit<WellbeingContact, 'contacted_at' | 'recorded_at'> {
  contacted_at: Timestamp;
  recorded_at: Timestamp;
}

/** Staff's contacts about result `a`, oldest first, as JSON (with who recorded each). */
export const CONTACTS_OF_RESULT = `
  (SELECT jsonb_agg(jsonb_build_object(
            'id', w.id, 'contacted_at', w.contacted_at, 'method', w.method, 'outcome', w.outcome, 'note', w.note,
            'by', w.created_by, 'by_name', coalesce(wp.first_name || ' ' || wp.last_name, wu.email, w.created_by),
            'recorded_at', w.created_at) ORDER BY w.contacted_at, w.id)
   FROM wellbeing_contacts w
   LEFT JOIN users wu ON wu.id::text = w.created_by
   LEFT JOIN profiles wp ON wp.client_id = wu.id
   WHERE w.assessment_id = a.id)`;

/** Whether someone has recorded reaching the client about result `a`. */
const REACHED = `EXISTS (SELECT 1 FROM wellbeing_contacts w WHERE w.assessment_id = a.id AND w.outcome = 'reached')`;

const SELECT_COLUMNS = `
  a.id, a.client_id, coalesce(cp.first_name || ' ' || cp.last_name, cu.email) AS client_name, a.type, a.taken_at,
  a.created_at, a.created_by, coalesce(bp.first_name || ' ' || bp.last_name, bu.email, a.created_by) AS created_by_name,
  a.answers, a.raw_score, a.score, a.alert, a.record, a.scores, a.complete, a.baseline,
  ${CONTACTS_OF_RESULT} AS contacts`;

/** A contact as the contract answers it. */
export function toWellbeingContact(row: WellbeingContactRow): WellbeingContact {
  return { ...row, contacted_at: toIsoTimestamp(row.contacted_at), recorded_at: toIsoTimestamp(row.recorded_at) };
}

const NAMES_JOIN = `
  JOIN users cu ON cu.id = a.client_id
  LEFT JOIN profiles cp ON cp.client_id = a.client_id
  LEFT JOIN users bu ON bu.id::text = a.created_by
  LEFT JOIN profiles bp ON bp.client_id = bu.id`;

function toAssessment(row: AssessmentRow): Assessment {
  const cognitive = row.type === 'cognitive';
  const risk = row.type === 'cardiovascular_risk';
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: row.client_name,
    type: row.type,
    taken_at: toIsoTimestamp(row.taken_at),
    created_at: toIsoTimestamp(row.created_at),
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    answers: row.answers,
    raw_score: row.raw_score,
    score: row.score,
    alert: row.alert,
    cognitive: cognitive ? (row.record as CognitiveRun) : null,
    cognitive_scores: cognitive ? (row.scores as CognitiveScores) : null,
    complete: row.complete,
    baseline: row.baseline,
    cardiovascular_risk: risk ? (row.record as SharedRiskInput) : null,
    cardiovascular_risk_result: risk ? (row.scores as SharedRiskResult) : null,
    contacts: (row.contacts ?? []).map(toWellbeingContact),
  };
}

async function selectAssessment(db: Queryable, id: string): Promise<Assessment | null> {
  const [row] = await db.query<AssessmentRow>(
    `SELECT ${SELECT_COLUMNS} FROM assessments a ${NAMES_JOIN} WHERE a.id = $1`,
    [id],
  );
  return row ? toAssessment(row) : null;
}

/** GET /assessments: newest first; `latest` before the other filters, so it finds each client's newest. */
export async function listAssessments(
  db: Database,
  caller: Actor,
  query: ListAssessmentsQuery,
): Promise<AssessmentList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'assessments.list',
    resourceType: 'assessment',
    resourceId: null,
    subjectId: query.client ?? null,
  };
  return operation(db, entry, async () => {
    const params: unknown[] = [];
    const scope: string[] = [];
    const reach = listScope(caller, 'assessments.read', 'You may not see assessment results.');
    // Which results raise an alert is what the alert says, and which were followed up what the contacts say:
    // only a role that reads the field may filter on it.
    requireReadableFilters(caller, 'assessment', {
      ...(query.alert !== undefined && { alert: 'alert' }),
      ...(query.awaiting_contact !== undefined && { contacts: 'awaiting_contact' }),
    });
    if (query.client !== undefined) {
      requireGrant(caller, 'assessments.read', await targetUser(db, query.client), 'query.client');
      scope.push(`a.client_id = $${params.push(query.client)}`);
    } else {
      if (reach.via === 'self') entry.subjectId = caller.id;
      scope.push(reach.where({ role: 'u.role', owner: 'a.client_id' }, params));
    }
    if (query.type !== undefined) scope.push(`a.type = $${params.push(query.type)}`);
    const filters: string[] = [];
    if (query.latest) filters.push('s.nth = 1');
    if (query.alert !== undefined) filters.push(`s.alert = $${params.push(query.alert)}`);
    if (query.since !== undefined) filters.push(`s.taken_at >= $${params.push(query.since)}::timestamptz`);
    if (query.awaiting_contact !== undefined) filters.push(query.awaiting_contact ? `NOT ${REACHED}` : REACHED);
    const rows = await db.query<AssessmentRow>(
      `WITH s AS (
         SELECT a.id, a.taken_at, a.alert,
                row_number() OVER (PARTITION BY a.client_id, a.type ORDER BY a.taken_at DESC, a.id) AS nth
         FROM assessments a JOIN users u ON u.id = a.client_id
         WHERE ${scope.length > 0 ? scope.join(' AND ') : 'true'}
       )
       SELECT ${SELECT_COLUMNS}
       FROM s JOIN assessments a ON a.id = s.id ${NAMES_JOIN}
       WHERE ${filters.length > 0 ? filters.join(' AND ') : 'true'}
       ORDER BY a.taken_at DESC, a.id LIMIT $${params.push(query.limit + 1)}`,
      params,
    );
    return {
      results: rows.slice(0, query.limit).map((row) => answerFor(caller, 'assessment', toAssessment(row))),
      truncated: rows.length > query.limit,
    };
  });
}

interface Scored {
  answers: number[] | null;
  raw_score: number | null;
  score: number | null;
  alert: boolean;
  record: CognitiveRun | SharedRiskInput | null;
  scores: CognitiveScores | SharedRiskResult | null;
  complete: boolean;
}

/** The stored columns of a checked result: what was answered, and the scores computed here. */
function scored(body: AssessmentCreate): Scored {
  switch (body.type) {
    case 'who5': {
      const answers = body.answers ?? [];
      const score = who5Score(answers);
      return {
        answers,
        raw_score: who5RawScore(answers),
        score,
        alert: who5Alert(score),
        record: null,
        scores: null,
        complete: true,
      };
    }
    case 'cognitive': {
      const run = body.cognitive ?? {};
      const scores = cognitiveScores(run);
      return {
        answers: null,
        raw_score: null,
        score: null,
        alert: false,
        record: run,
        scores,
        complete: cognitiveComplete(scores),
      };
    }
    case 'cardiovascular_risk': {
      const input = body.cardiovascular_risk!;
      return {
        answers: null,
        raw_score: null,
        score: null,
        alert: false,
        record: input,
        scores: sharedRiskResult(input),
        complete: true,
      };
    }
  }
}

/** POST /assessments: checks, scores and keeps one result; 409 when its id is taken. */
export async function createAssessment(
  { db, now }: AssessmentDeps,
  caller: Actor,
  body: AssessmentCreate,
): Promise<Answer<Assessment>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'assessments.create',
    resourceType: 'assessment',
    resourceId: body.id,
    subjectId: body.client_id,
    fields: [body.type],
  };
  return operation(db, entry, async (audit) => {
    const operation = body.type === 'cardiovascular_risk' ? 'assessments.share-risk' : 'assessments.write';
    if (!hasSomeGrant(caller, operation)) {
      throw forbidden(
        body.type === 'cardiovascular_risk'
          ? 'You may not share risk results.'
          : 'A client takes its own Thrive checks and cognitive tasks.',
        [{ field: 'body.type', message: 'not yours to record' }],
      );
    }
    requireGrant(caller, operation, await targetUser(db, body.client_id), 'body.client_id');
    requireWritable(caller, 'assessment', body);
    const problems = assessmentProblems(body);
    if (problems.length > 0) {
      throw badRequest(
        'Some answers cannot be scored as they are.',
        problems.map((problem) => ({ field: `body.${problem.field}`, message: problem.message })),
      );
    }
    const [account] = await db.query<{ created_at: Date | string }>('SELECT created_at FROM users WHERE id = $1', [
      body.client_id,
    ]);
    const dated = takenAtProblems(body.taken_at, {
      now: now(),
      accountCreatedAt: new Date(account?.created_at ?? 0),
    });
    if (dated.length > 0) {
      throw badRequest(
        `A result is dated when it was taken: not later than now, not before the account, at most ${RESULT_MAX_AGE_DAYS} days back.`,
        dated.map((problem) => ({ field: `body.${problem.field}`, message: problem.message })),
      );
    }
    const result = scored(body);
    return db.transaction(async (tx) => {
      const [created] = await tx.query<{ id: string }>(
        `INSERT INTO assessments (id, client_id, type, taken_at, created_by, device_id, answers, raw_score, score, alert,
                                  record, scores, complete, baseline)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11::jsonb, $12::jsonb, $13,
                 $3 = 'cognitive' AND $13
                 AND NOT EXISTS (SELECT 1 FROM assessments b WHERE b.client_id = $2 AND b.baseline))
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [
          body.id,
          body.client_id,
          body.type,
          body.taken_at,
          caller.id,
          caller.deviceId,
          result.answers === null ? null : JSON.stringify(result.answers),
          result.raw_score,
          result.score,
          result.alert,
          result.record === null ? null : JSON.stringify(result.record),
          result.scores === null ? null : JSON.stringify(result.scores),
          result.complete,
        ],
      );
      if (!created) {
        throw conflict('A result with this id exists already.', [
          { field: 'body.id', message: 'is taken; make a new id for a new result' },
        ]);
      }
      if (result.alert) await queueStaffAlert(tx, { assessmentId: body.id, clientId: body.client_id }, now());
      const stored = await selectAssessment(tx, body.id);
      if (!stored) throw new Error(`Assessment ${body.id} vanished inside its own insert`);
      return audit.recordSuccess(tx, { status: 201, body: answerFor(caller, 'assessment', stored) });
    });
  });
}

export interface ContactRecord {
  assessmentId: string;
  body: WellbeingContactCreate;
}

/**
 * POST /assessments/{id}/contacts: staff reached out to a client about a
 * result that raised an alert. Kept, never changed; once one reached the
 * client, the result leaves the hub's 'Needs attention'.
 */
export async function recordWellbeingContact(
  { db, now }: AssessmentDeps,
  caller: Actor,
  { assessmentId, body }: ContactRecord,
): Promise<Answer<Assessment>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'assessments.contact',
    resourceType: 'assessment',
    resourceId: assessmentId,
    subjectId: null,
    fields: ['contacted_at', 'method', 'outcome', ...(body.note ? ['note'] : [])],
  };
  return operation(db, entry, async (audit) => {
    requireSomeGrant(caller, 'assessments.contact', 'You may not record contacts with clients.');
    requireWritable(caller, 'assessment', body);
    return db.transaction(async (tx) => {
      const [result] = await tx.query<{ client_id: string; alert: boolean; taken_at: Timestamp }>(
        'SELECT client_id, alert, taken_at FROM assessments WHERE id = $1',
        [assessmentId],
      );
      if (!result) throw notFound('There is no such result.');
      entry.subjectId = result.client_id;
      requireGrant(caller, 'assessments.contact', await targetUser(tx, result.client_id));
      if (!result.alert) {
        throw conflict('This result raised no alert: there is nothing to follow up.', [
          { field: 'alert', message: 'false' },
        ]);
      }
      const dated = contactedAtProblems(body.contacted_at, {
        now: now(),
        resultTakenAt: new Date(result.taken_at),
      });
      if (dated.length > 0) {
        throw badRequest(
          'A contact is dated when it happened: not later than now, not before the result was taken.',
          dated.map((problem) => ({ field: `body.${problem.field}`, message: problem.message })),
        );
      }
      const [created] = await tx.query<{ id: string }>(
        `INSERT INTO wellbeing_contacts (id, assessment_id, contacted_at, method, outcome, note, created_by, device_id,
                                         created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [
          body.id,
          assessmentId,
          body.contacted_at,
          body.method,
          body.outcome,
          body.note ?? null,
          caller.id,
          caller.deviceId,
          now(),
        ],
      );
      if (!created) {
        throw conflict('A contact with this id exists already.', [
          { field: 'body.id', message: 'is taken; make a new id for a new contact' },
        ]);
      }
      const stored = await selectAssessment(tx, assessmentId);
      if (!stored) throw new Error(`Assessment ${assessmentId} vanished inside its own contact`);
      return audit.recordSuccess(tx, { status: 201, body: answerFor(caller, 'assessment', stored) });
    });
  });
}
