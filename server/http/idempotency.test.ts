import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { deleteExpiredKeys, requestHash } from '../core/idempotency-store.ts';

describe('requestHash', () => {
  it('is the same for bodies that mean the same, whatever their key order', () => {
    expect(requestHash('POST', '/api/v1/x', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
      requestHash('POST', '/api/v1/x', { b: [1, { d: 3, c: 2 }], a: 1 }),
    );
  });

  it('differs with the method, the path or any value', () => {
    const base = requestHash('POST', '/api/v1/x', { a: 1 });
    expect(requestHash('PATCH', '/api/v1/x', { a: 1 })).not.toBe(base);
    expect(requestHash('POST', '/api/v1/y', { a: 1 })).not.toBe(base);
    expect(requestHash('POST', '/api/v1/x', { a: 2 })).not.toBe(base);
    expect(requestHash('POST', '/api/v1/x', { a: '1' })).not.toBe(base);
  });
});

describe('deleteExpiredKeys', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('keeps keys for at least 7 days and deletes older ones', async () => {
    const insert = (key: string, daysAgo: number) =>
      db.query(
        `INSERT INTO idempotency_keys (actor_id, key, request_hash, status, created_at)
         VALUES ('u', $1, 'h', 201, now() - make_interval(days => $2::int))`,
        [key, daysAgo],
      );
    await insert('00000000-0000-4000-8000-000000000006', 6);
    await insert('00000000-0000-4000-8000-000000000007', 7);
    await insert('00000000-0000-4000-8000-000000000009', 9);
    await deleteExpiredKeys(db);
    const left = await db.query<{ key: string }>('SELECT key::text AS key FROM idempotency_keys ORDER BY key');
    expect(left.map((row) => row.key)).toEqual([
      '00000000-0000-4000-8000-000000000006',
      '00000000-0000-4000-8000-000000000007',
    ]);
  });
});
