/**
 * Work that one process at a time does for all of them (deleting expired
 * idempotency keys and full rate-limit buckets; a message sender, were there
 * one): each run takes a transaction-scoped advisory lock named after the job,
 * and a process that finds it taken skips this run, since another is doing it.
 * The lock ends with the transaction, so a process that dies mid-run leaves
 * nothing held.
 */
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';

/** A job's lock key: 64 bits of its name's hash, as PostgreSQL's advisory locks take them. */
function lockKey(job: string): string {
  return createHash('sha256').update(`thrive-job:${job}`).digest().readBigInt64BE(0).toString();
}

/** Runs `work` unless another process is running `job` now; whether it ran. */
export async function runAlone(db: Database, job: string, work: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ taken: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS taken', [
      lockKey(job),
    ]);
    if (!lock?.taken) return false;
    await work(tx);
    return true;
  });
}
