/**
 * The unit of work every service runs its operations in: the operation's
 * audit record (written in the change's own transaction on success, on its own
 * for a read or a failure), the request's Idempotency-Key stored with the
 * answer in that same transaction, and the answer to a retry that lost the race
 * for its key to an identical request.
 */
import type { Database, Queryable } from '../db/database.ts';
import type { Answer } from './answer.ts';
import { insertAuditRecord, markRecorded, outcomeOf, recordOnItsOwn, type AuditEntry } from './audit-trail.ts';
import { KeyTakenMeanwhile, keyStored, storeKey } from './idempotency-store.ts';
import { logError } from './log.ts';
import { HttpProblem } from './problem.ts';

export interface AuditScope {
  /** The entry being built; handlers fill in what they learn (a new record's id, its subject). */
  readonly entry: AuditEntry;
  /**
   * Records the success inside the transaction that made the change, with the
   * answer the caller gets (kept with the request's Idempotency-Key, if any).
   */
  recordSuccess<T>(tx: Queryable, answer: Answer<T>): Promise<Answer<T>>;
}

/**
 * The same request sent twice at once (one tap twice) with one Idempotency-Key:
 * the second may fail on what the first just did (the time it booked is taken,
 * the version it moved on is stale) before it reaches the key. Once the
 * first's key is stored, the second is answered as its retry.
 */
async function asTwinsRetry(db: Queryable, entry: AuditEntry, error: unknown): Promise<unknown> {
  const claim = entry.actor.idempotency;
  if (!claim || !(error instanceof HttpProblem) || (error.status !== 409 && error.status !== 412)) return error;
  const stored = await keyStored(db, entry.actor.id, claim.key).catch(() => false);
  return stored ? new KeyTakenMeanwhile(entry.actor.id, claim.key) : error;
}

/**
 * Runs one audited operation. Its success is recorded by `recordSuccess`
 * inside its transaction, or, for reads that have none, when it returns.
 * Whatever it throws is recorded with the matching outcome and thrown on.
 */
export async function operation<T>(
  db: Database,
  entry: AuditEntry,
  work: (audit: AuditScope) => Promise<T>,
): Promise<T> {
  let recorded = false;
  const scope: AuditScope = {
    entry,
    async recordSuccess(tx, answer) {
      await insertAuditRecord(tx, entry, 'success');
      if (entry.actor.idempotency) await storeKey(tx, entry.actor.id, entry.actor.idempotency, answer);
      recorded = true;
      return answer;
    },
  };
  let result: T;
  try {
    result = await work(scope);
  } catch (caught) {
    const error = await asTwinsRetry(db, entry, caught);
    // A success written in a transaction that then rolled back is gone, so the failure is always written.
    await recordOnItsOwn(db, entry, outcomeOf(error)).catch((auditError: unknown) =>
      logError({ event: 'Writing an audit record failed', ids: { action: entry.action } }, auditError),
    );
    markRecorded(error);
    throw error;
  }
  if (!recorded) await recordOnItsOwn(db, entry, 'success');
  return result;
}
