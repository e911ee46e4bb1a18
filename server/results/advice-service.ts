/**
 * Advice for clients: written by doctors, health coaches and nutritionists
 * (ids made on the device, so advice written offline arrives once), read by
 * the care team and the client, acknowledged and ticked off by the client.
 * Every read and change is an audited operation.
 */
import { ADVICE_REVIEW_MAX_DAYS, canonicalJson, type components, type operations } from '@contract';
import { answerFor, fieldsRefused, requireWritable } from '../access/fields.ts';
import { hasSomeGrant, requireGrant, targetUser } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import type { Actor } from '../core/actor.ts';
import type { Answer } from '../core/answer.ts';
import type { AuditEntry } from '../core/audit-trail.ts';
import { operation } from '../core/operation.ts';
import { etagOfVersion, requireIfMatch, staleVersion } from '../core/preconditions.ts';
import { badRequest, conflict, forbidden, notFound } from '../core/problem.ts';
import type { Database, Queryable } from '../db/database.ts';
import { toIsoTimestamp } from '../profiles/profile-store.ts';

type Schemas = components['schemas'];
type Advice = Schemas['Advice'];
type AdviceCreate = Schemas['AdviceCreate'];
type AdvicePatch = Schemas['AdvicePatch'];
type AdviceList = Schemas['AdviceList'];
export type ListAdvicesQuery = NonNullable<operations['listAdvices']['parameters']['query']> & { limit: number };

export interface AdviceDeps {
  db: Database;
  now: () => Date;
}

type Timestamp = Date | string;

interface AdviceRow extends Omit<Advice, 'created_at' | 'updated_at' | 'acknowledged_at'> {
  created_at: Timestamp;
  updated_at: Timestamp;
  acknowledged_at: Timestamp | null;
}

const SELECT_ADVICES = `
  SELECT v.id, v.client_id, coalesce(cp.first_name || ' ' || cp.last_name, cu.email) AS client_name, v.author_id,
         coalesce(ap.first_name || ' ' || ap.last_name, au.email, v.author_id) AS author_name, au.role AS author_role,
         v.category, v.title, v.why, v.steps, v.review_on::text AS review_on, v.created_at, v.updated_at,
         v.acknowledged_at, v.version
  FROM advices v
  JOIN users cu ON cu.id = v.client_id
  LEFT JOIN profiles cp ON cp.client_id = v.client_id
  LEFT JOIN users au ON au.id::text = v.author_id
  LEFT JOIN profiles ap ON ap.client_id = au.id`;

function toAdvice(row: AdviceRow): Advice {
  return {
    ...row,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
    acknowledged_at: row.acknowledged_at === null ? null : toIsoTimestamp(row.acknowledged_at),
  };
}

async function selectAdvice(db: Queryable, id: string, { lock = false } = {}): Promise<Advice | null> {
  if (lock) await db.query('SELECT id FROM advices WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await db.query<AdviceRow>(`${SELECT_ADVICES} WHERE v.id = $1`, [id]);
  return row ? toAdvice(row) : null;
}

/** GET /advices: soonest review first. */
export async function listAdvices(db: Database, caller: Actor, query: ListAdvicesQuery): Promise<AdviceList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'advices.list',
    resourceType: 'advice',
    resourceId: null,
    subjectId: query.client ?? null,
  };
  return operation(db, entry, async () => {
    const scope = listScope(caller, 'advices.read', 'You may not see advice.');
    const params: unknown[] = [];
    const where = [scope.where({ role: 'cu.role', owner: 'v.client_id' }, params)];
    if (query.client !== undefined) {
      requireGrant(caller, 'advices.read', await targetUser(db, query.client), 'query.client');
      where.push(`v.client_id = $${params.push(query.client)}`);
    } else if (scope.via === 'self') {
      entry.subjectId = caller.id;
    }
    if (query.due_by !== undefined) where.push(`v.review_on <= $${params.push(query.due_by)}::date`);
    if (query.author === 'me') where.push(`v.author_id = $${params.push(caller.id)}`);
    const rows = await db.query<AdviceRow>(
      `${SELECT_ADVICES} WHERE ${where.join(' AND ')}
       ORDER BY v.review_on, v.created_at, v.id LIMIT $${params.push(query.limit + 1)}`,
      params,
    );
    return {
      results: rows.slice(0, query.limit).map((row) => answerFor(caller, 'advice', toAdvice(row))),
      truncated: rows.length > query.limit,
    };
  });
}

/** The review date must fall after `today` and within a year: advice is looked at again. */
function checkReviewDate(reviewOn: string, now: Date): void {
  const day = Date.parse(`${reviewOn}T00:00:00Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = (day - today) / 86_400_000;
  // A day's slack either way: the server's day is UTC, the author's the clinic's.
  if (days < 0 || days > ADVICE_REVIEW_MAX_DAYS + 1) {
    throw badRequest('Choose a review date from today to a year on.', [
      { field: 'body.review_on', message: 'must be from today to a year on' },
    ]);
  }
}

function checkStepIds(steps: readonly { id: string }[]): void {
  const ids = steps.map((step) => step.id.toLowerCase());
  const twice = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (twice >= 0) {
    throw badRequest('Each step needs its own id.', [{ field: `body.steps.${twice}.id`, message: 'is used twice' }]);
  }
}

/** What a resend must match: the content as written. */
function contentOf(
  advice: Pick<Advice, 'client_id' | 'category' | 'title' | 'why' | 'review_on'> & {
    steps: readonly { id: string; text: string }[];
  },
) {
  return canonicalJson({
    client_id: advice.client_id.toLowerCase(),
    category: advice.category,
    title: advice.title,
    why: advice.why,
    review_on: advice.review_on,
    steps: advice.steps.map((step) => ({ id: step.id.toLowerCase(), text: step.text })),
  });
}

/** POST /advices. */
export async function createAdvice(
  { db, now }: AdviceDeps,
  caller: Actor,
  body: AdviceCreate,
): Promise<Answer<Advice>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'advices.create',
    resourceType: 'advice',
    resourceId: body.id,
    subjectId: body.client_id,
    fields: ['category', 'title', 'why', 'steps', 'review_on'],
  };
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'advices.write', await targetUser(db, body.client_id), 'body.client_id');
    requireWritable(caller, 'advice', body);
    checkReviewDate(body.review_on, now());
    checkStepIds(body.steps);
    return db.transaction(async (tx) => {
      const steps = body.steps.map((step) => ({ id: step.id.toLowerCase(), text: step.text, done_at: null }));
      const [created] = await tx.query<{ id: string }>(
        `INSERT INTO advices (id, client_id, author_id, category, title, why, steps, review_on, device_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [
          body.id,
          body.client_id,
          caller.id,
          body.category,
          body.title,
          body.why,
          JSON.stringify(steps),
          body.review_on,
          caller.deviceId,
        ],
      );
      const stored = await selectAdvice(tx, body.id);
      if (!stored) throw new Error(`Advice ${body.id} vanished inside its own insert`);
      const shown = answerFor(caller, 'advice', stored);
      const headers = { ETag: etagOfVersion(stored.version) };
      if (!created) {
        // A resend from the outbox (its answer lost on the way) is answered with what it made.
        if (stored.author_id !== caller.id || contentOf(stored) !== contentOf(body)) {
          throw conflict('Advice with this id exists already.', [
            { field: 'body.id', message: 'is taken; make a new id for new advice' },
          ]);
        }
        return { status: 200, body: shown, headers };
      }
      return audit.recordSuccess(tx, { status: 201, body: shown, headers });
    });
  });
}

export interface AdviceChange {
  id: string;
  patch: AdvicePatch;
  ifMatch: string | undefined;
}

/** The steps after the change: ticked off or not by the client; rewritten by staff, keeping done states by id. */
function nextSteps(current: Advice['steps'], patch: AdvicePatch, at: string): Advice['steps'] {
  if (patch.steps) {
    const before = new Map(current.map((step) => [step.id, step]));
    return patch.steps.map((step) => ({
      id: step.id.toLowerCase(),
      text: step.text,
      done_at: before.get(step.id.toLowerCase())?.done_at ?? null,
    }));
  }
  const done = Object.fromEntries(Object.entries(patch.done ?? {}).map(([id, value]) => [id.toLowerCase(), value]));
  return current.map((step) =>
    step.id in done ? { ...step, done_at: done[step.id] ? (step.done_at ?? at) : null } : step,
  );
}

/** PATCH /advices/{id}. */
export async function updateAdvice(
  { db, now }: AdviceDeps,
  caller: Actor,
  change: AdviceChange,
): Promise<Answer<Advice>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'advices.update',
    resourceType: 'advice',
    resourceId: change.id,
    subjectId: null,
    fields: Object.keys(change.patch),
  };
  return operation(db, entry, async (audit) => {
    const versions = requireIfMatch(change.ifMatch);
    return db.transaction(async (tx) => {
      const current = await selectAdvice(tx, change.id, { lock: true });
      if (!current) throw notFound('There is no such advice.');
      entry.subjectId = current.client_id;
      const target = await targetUser(tx, current.client_id);
      requireGrant(caller, 'advices.read', target);
      // A client follows its own advice; its writers change what it says (the access table's two parts).
      const via = hasSomeGrant(caller, 'advices.follow')
        ? requireGrant(caller, 'advices.follow', target)
        : requireGrant(caller, 'advices.write', target);
      const refused = fieldsRefused(caller, 'advice', change.patch);
      if (refused.length > 0) {
        throw forbidden(
          via === 'self' ? 'You may acknowledge advice and tick off its steps.' : 'Only the client follows advice.',
          refused.map((field) => ({ field: `body.${field}`, message: 'not yours to change' })),
        );
      }
      if (!versions.includes(current.version)) throw staleVersion('advice', answerFor(caller, 'advice', current));
      if (change.patch.review_on !== undefined) checkReviewDate(change.patch.review_on, now());
      if (change.patch.steps) checkStepIds(change.patch.steps);
      const unknown = Object.keys(change.patch.done ?? {}).find(
        (id) => !current.steps.some((step) => step.id === id.toLowerCase()),
      );
      if (unknown !== undefined) {
        throw badRequest('There is no such step in this advice.', [
          { field: `body.done.${unknown}`, message: 'no such step' },
        ]);
      }
      const at = now().toISOString();
      const { patch } = change;
      await tx.query(
        `UPDATE advices SET category = $2, title = $3, why = $4, steps = $5::jsonb, review_on = $6,
                acknowledged_at = CASE WHEN $7 THEN coalesce(acknowledged_at, now()) ELSE acknowledged_at END,
                version = version + 1, updated_at = now()
         WHERE id = $1`,
        [
          change.id,
          patch.category ?? current.category,
          patch.title ?? current.title,
          patch.why ?? current.why,
          JSON.stringify(nextSteps(current.steps, patch, at)),
          patch.review_on ?? current.review_on,
          patch.acknowledged === true,
        ],
      );
      const changed = await selectAdvice(tx, change.id);
      if (!changed) throw new Error(`Advice ${change.id} vanished inside its own change`);
      const body = answerFor(caller, 'advice', changed);
      return audit.recordSuccess(tx, { status: 200, body, headers: { ETag: etagOfVersion(changed.version) } });
    });
  });
}
