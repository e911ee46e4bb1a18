import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { createSharedRateLimits, deleteFullBuckets } from './shared-rate-limits.ts';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
});

/** The bucket's clock turned back, as if `seconds` had passed since its last use. */
const later = (key: string, seconds: number) =>
  db.query(`UPDATE rate_limit_buckets SET at = at - make_interval(secs => $2) WHERE key = $1`, [key, seconds]);

describe('rate-limit buckets in the database', () => {
  it('let a burst through, then say when the next fits, for every process that shares them', async () => {
    const one = createSharedRateLimits(db);
    const another = createSharedRateLimits(db);
    const limit = { requests: 3, seconds: 60 };
    expect(await one.take('caller:nurse:list', limit)).toBe(0);
    expect(await another.take('caller:nurse:list', limit)).toBe(0);
    expect(await one.take('caller:nurse:list', limit)).toBe(0);
    const wait = await another.take('caller:nurse:list', limit);
    expect(wait).toBeGreaterThanOrEqual(19);
    expect(wait).toBeLessThanOrEqual(20);
    expect(await one.peek('caller:nurse:list', limit)).toBe(wait);
    // Another caller has a bucket of its own; one never used is full.
    expect(await one.take('caller:doctor:list', limit)).toBe(0);
    expect(await one.peek('caller:nobody:list', limit)).toBe(0);
    // A refusal takes nothing: twenty seconds on, one more fits, and only one.
    await later('caller:nurse:list', 20);
    expect(await another.peek('caller:nurse:list', limit)).toBe(0);
    expect(await another.take('caller:nurse:list', limit)).toBe(0);
    expect(await one.take('caller:nurse:list', limit)).toBeGreaterThan(0);
  });

  it('forget the buckets that are full again', async () => {
    const store = createSharedRateLimits(db);
    const limit = { requests: 2, seconds: 10 };
    await store.take('address:10.0.0.1', limit);
    await store.take('address:10.0.0.2', limit);
    await store.take('address:10.0.0.2', limit);
    await db.query(`UPDATE rate_limit_buckets SET full_at = full_at - interval '6 seconds' WHERE key LIKE 'address:%'`);
    await deleteFullBuckets(db);
    const left = await db.query<{ key: string }>(`SELECT key FROM rate_limit_buckets WHERE key LIKE 'address:%'`);
    // The first was full 5 seconds after its one request; the second needs 10 to be full again.
    expect(left.map((row) => row.key)).toEqual(['address:10.0.0.2']);
  });
});
