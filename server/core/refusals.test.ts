import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { checkAuditChain } from './audit-chain.ts';
import { REFUSAL_WINDOW_MS, closeRefusalTallies, recordRefusal } from './refusals.ts';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await db.close();
});

interface Row {
  actor_id: string;
  status: number;
  route: string;
  repeats: number | null;
  source: string | null;
}

async function refusalsSince(id: number): Promise<Row[]> {
  return db.query<Row>(
    `SELECT actor_id, status, route, repeats, source FROM audit_log
     WHERE action = 'requests.refused' AND id > $1 ORDER BY id`,
    [id],
  );
}

async function lastId(): Promise<number> {
  const [row] = await db.query<{ id: string | null }>('SELECT max(id)::text AS id FROM audit_log');
  return Number(row?.id ?? 0);
}

const flood = (address: string, count: number, status = 401) =>
  Promise.all(
    Array.from({ length: count }, () =>
      recordRefusal(db, { actor: null, status, route: '/api/v1/users/users', address }),
    ),
  );

describe('refusals alike', () => {
  it('are one record at once and one counting the rest when the minute is up, the chain whole', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = await lastId();
    await flood('203.0.113.7', 300);

    expect(await refusalsSince(before)).toEqual([
      { actor_id: 'anonymous', status: 401, route: '/api/v1/users/users', repeats: null, source: '203.0.113.7' },
    ]);

    await vi.advanceTimersByTimeAsync(REFUSAL_WINDOW_MS);
    await vi.waitFor(async () => expect(await refusalsSince(before)).toHaveLength(2));
    expect((await refusalsSince(before))[1]).toMatchObject({ repeats: 299, source: '203.0.113.7' });
    expect(await checkAuditChain(db)).toMatchObject({ brokenAt: null });
  });

  it('are counted per source, status and route; a signed-in caller is named, not its address', async () => {
    const before = await lastId();
    await flood('203.0.113.8', 3);
    await flood('203.0.113.9', 2);
    await flood('203.0.113.8', 2, 429);
    await recordRefusal(db, {
      actor: { id: 'nurse-1', role: 'NURSE', deviceId: null, idempotency: null },
      status: 400,
      route: '/api/v1/visits/:id',
      address: '203.0.113.8',
    });
    await closeRefusalTallies(db);

    const rows = await refusalsSince(before);
    expect(rows.map(({ source, status, repeats }) => [source, status, repeats])).toEqual([
      ['203.0.113.8', 401, null],
      ['203.0.113.9', 401, null],
      ['203.0.113.8', 429, null],
      [null, 400, null],
      ['203.0.113.8', 401, 2],
      ['203.0.113.9', 401, 1],
      ['203.0.113.8', 429, 1],
    ]);
    expect(rows[3]).toMatchObject({ actor_id: 'nurse-1' });
  });
});
