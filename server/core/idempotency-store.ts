/**
 * Idempotency keys (the Idempotency-Key header of every POST, PUT and PATCH):
 * a change made on a device is applied once however often the device sends
 * it. The key, the caller, a hash of the request and the answer are stored in
 * the change's own transaction (operation.ts), so there is
 * never a change without its key or a key without its change.
 *
 * - A request whose key is new is carried out, and its answer kept.
 * - The same key with the same request: the kept answer again, nothing changed.
 * - The same key with another request: 422, nothing changed.
 * - Two requests with one key at once: the second waits on the first's row
 *   lock at commit, finds the key taken, rolls back, and answers as a retry.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '@contract';
import type { Queryable } from '../db/database.ts';
import type { IdempotencyClaim } from './actor.ts';
import type { Answer } from './answer.ts';
import { HttpProblem } from './problem.ts';

/** Kept at least this long; older keys are deleted (see deleteExpiredKeys). */
export const IDEMPOTENCY_KEY_DAYS = 7;

export function requestHash(method: string, path: string, body: unknown): string {
  const hash = createHash('sha256').update(`${method} ${path}\n`);
  // A file (a lab's PDF) is hashed as the bytes it is; JSON is hashed in one canonical spelling.
  return (Buffer.isBuffer(body) ? hash.update('bytes:').update(body) : hash.update(canonicalJson(body))).digest('hex');
}

interface StoredRow {
  request_hash: string;
  status: number;
  headers: Record<string, string> | string;
  body: unknown;
}

export function storedAnswer(row: StoredRow): Answer {
  const headers = typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
  return { status: row.status, headers: { ...headers, 'Idempotent-Replayed': 'true' }, body: row.body };
}

export async function findKey(db: Queryable, actorId: string, key: string): Promise<StoredRow | undefined> {
  const [row] = await db.query<StoredRow>(
    'SELECT request_hash, status, headers, body FROM idempotency_keys WHERE actor_id = $1 AND key = $2',
    [actorId, key],
  );
  return row;
}

export function reusedKey(): HttpProblem {
  return new HttpProblem(422, 'This Idempotency-Key was already used for a different request.', [
    { field: 'header.idempotency-key', message: 'was used for another request; make a new key for a new change' },
  ]);
}

/** Thrown inside a write's transaction when another request with the same key committed first. */
export class KeyTakenMeanwhile extends Error {
  constructor(
    readonly actorId: string,
    readonly key: string,
  ) {
    super('Another request with this Idempotency-Key was carried out first.');
    this.name = 'KeyTakenMeanwhile';
  }
}

/** Stores the key with the answer, inside the change's transaction; throws KeyTakenMeanwhile if it is taken. */
export async function storeKey(tx: Queryable, actorId: string, claim: IdempotencyClaim, answer: Answer): Promise<void> {
  const inserted = await tx.query(
    `INSERT INTO idempotency_keys (actor_id, key, request_hash, status, headers, body)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)
     ON CONFLICT (actor_id, key) DO NOTHING RETURNING key`,
    [
      actorId,
      claim.key,
      claim.requestHash,
      answer.status,
      JSON.stringify(answer.headers ?? {}),
      answer.body === undefined ? null : JSON.stringify(answer.body),
    ],
  );
  if (inserted.length === 0) throw new KeyTakenMeanwhile(actorId, claim.key);
}

/**
 * Whether a request with this key was carried out and stored: after a write
 * failed on what its twin (the same request sent twice at once) had just done,
 * e.g. booked the very time, the failure is that twin's success.
 */
export async function keyStored(db: Queryable, actorId: string, key: string): Promise<boolean> {
  return (await findKey(db, actorId, key)) !== undefined;
}

/** The answer for a request whose key another request took meanwhile: the kept one, or 422 if it was another request. */
export async function answerForTakenKey(db: Queryable, error: KeyTakenMeanwhile, hash: string): Promise<Answer> {
  const stored = await findKey(db, error.actorId, error.key);
  if (!stored) throw new Error('An Idempotency-Key was taken but is not stored');
  if (stored.request_hash !== hash) throw reusedKey();
  return storedAnswer(stored);
}

/** Deletes keys past their keeping time; the server runs it at start and every hour. */
export async function deleteExpiredKeys(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => $1::int)`, [
    IDEMPOTENCY_KEY_DAYS + 1,
  ]);
}
