/**
 * Advice for clients: written by doctors, health coaches and nutritionists
 * (ids made on the device, so advice written offline arrives once), read by
 * the care team and the client, acknowledged and ticked off by the client.
 * Every read and change is an audited operation.
 */
import {
  ADVICE_AUTHOR_FIELDS,
  ADVICE_CLIENT_FIELDS,
  ADVICE_REVIEW_MAX_DAYS,
  canonicalJson,
  listsEveryone,
  rolesListable,
  type components,
  type operations,
} from '@contract';
import { ACCESS_RULES } from '@contract';
import { authorize, roleFilterSql, targetUser } from '../access/authorize.ts';
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
    const grant = ACCESS_RULES[caller.role]['advices.read'];
    const params: unknown[] = [];
    const where: string[] = [];
    if (query.client !== undefined) {
      authorize(caller, 'advices.read', await targetUser(db, query.client), 'query.client');
      where.push(`v.client_id = $${params.push(query.client)}`);
    } else if (grant?.roles) {
      const listable = rolesListable(caller, 'advices.read');
      if (!listsEveryone(listable)) where.push(roleFilterSql('cu.role', listable, params));
    } else if (grant?.self) {
      entry.subjectId = caller.id;
      where.push(`v.client_id = $${params.push(caller.id)}`);
    } else {
      throw forbidden('You may not see advice.');
    }
    if (query.due_by !== undefined) where.push(`v.review_on <= $${params.push(query.due_by)}::date`);
    if (query.author === 'me') where.push(`v.author_id = $${params.push(caller.id)}`);
    const rows = await db.query<AdviceRow>(
      `${SELECT_ADVICES} WHERE ${where.join(' AND ') || 'true'}
       ORDER BY v.review_on, v.created_at, v.id LIMIT $${params.push(query.limit + 1)}`,
      params,
    );
    return { results: rows.slice(0, query.limit).map(toAdvice), truncated: rows.length > query.limit };
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
    authorize(caller, 'advices.write', await targetUser(db, body.client_id), 'body.client_id');
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
      if (!created) {
        // A resend from the outbox (its answer lost on the way) is answered with what it made.
        if (stored.author_id !== caller.id || contentOf(stored) !== contentOf(body)) {
          throw conflict('Advice with this id exists already.', [
            { field: 'body.id', message: 'is taken; make a new id for new advice' },
          ]);
        }
        return { status: 200, body: stored, headers: { ETag: etagOfVersion(stored.version) } };
      }
      return audit.recordSuccess(tx, { status: 201, body: stored, headers: { ETag: etagOfVersion(stored.version) } });
    });
  });
}

export interface AdviceChange {
  id: string;
  patch: AdvicePatch;
  ifMatch: string | undefined;
}

/** Which fields of the patch the caller may not send: a client follows advice, its writers change it. */
function fieldsRefused(patch: AdvicePatch, via: 'self' | 'role'): string[] {
  const allowed: readonly string[] = via === 'self' ? ADVICE_CLIENT_FIELDS : ADVICE_AUTHOR_FIELDS;
  return Object.keys(patch).filter((field) => !allowed.includes(field));
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
      authorize(caller, 'advices.read', target);
      const via = ACCESS_RULES[caller.role]['advices.follow']
        ? authorize(caller, 'advices.follow', target)
        : authorize(caller, 'advices.write', target);
      const refused = fieldsRefused(change.patch, via);
      if (refused.length > 0) {
        throw forbidden(
          via === 'self' ? 'You may acknowledge advice and tick off its steps.' : 'Only the client follows advice.',
          refused.map((field) => ({ field: `body.${field}`, message: 'not yours to change' })),
        );
      }
      if (!versions.includes(current.version)) throw staleVersion('advice', current);
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
      return audit.recordSuccess(tx, { status: 200, body: changed, headers: { ETag: etagOfVersion(changed.version) } });
    });
  });
}
