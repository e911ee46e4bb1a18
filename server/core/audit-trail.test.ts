import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { HttpProblem } from './problem.ts';
import { checkAuditChain } from './audit-chain.ts';
import type { AuditEntry } from './audit-trail.ts';
import { recordRefusal } from './refusals.ts';
import { operation } from './operation.ts';

let db: Database;

/** Counts the statements that reach the database, as a server would send them. */
function counting(target: Database): { db: Database; statements: () => number } {
  let statements = 0;
  const query: Queryable['query'] = (sql, params) => {
    statements++;
    return target.query(sql, params);
  };
  return { db: { ...target, query }, statements: () => statements };
}

const TABLET = randomUUID();

function readOf(id: string): AuditEntry {
  return {
    actor: { id: 'nurse-1', role: 'NURSE', deviceId: TABLET, idempotency: null },
    action: 'profiles.read',
    resourceType: 'profile',
    resourceId: id,
    subjectId: id,
  };
}

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
});

describe('records written on their own', () => {
  it('are written together when requests end at once, each caller waiting for its own, the chain whole', async () => {
    const { db: watched, statements } = counting(db);
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const answers = await Promise.all(ids.map((id) => operation(watched, readOf(id), () => Promise.resolve(id))));

    expect(answers).toEqual(ids);
    expect(statements()).toBe(1);
    const rows = await db.query<{ resource_id: string; outcome: string; device_id: string }>(
      `SELECT resource_id, outcome, device_id FROM audit_log WHERE action = 'profiles.read' ORDER BY id`,
    );
    expect(rows).toEqual(ids.map((id) => ({ resource_id: id, outcome: 'success', device_id: TABLET })));
    expect(await checkAuditChain(db)).toMatchObject({ brokenAt: null });
  });

  it('keep each one’s outcome: a failure, a refusal and a success written in one go', async () => {
    const before = (await checkAuditChain(db)).rows;
    await Promise.all([
      operation(db, readOf(randomUUID()), () => Promise.reject(new HttpProblem(404, 'No such client.'))).catch(
        () => null,
      ),
      recordRefusal(db, {
        actor: { id: 'nurse-1', role: 'NURSE', deviceId: null, idempotency: null },
        status: 429,
        route: 'GET /users/users',
        address: null,
      }),
      operation(db, readOf(randomUUID()), () => Promise.resolve('seen')),
    ]);

    const rows = await db.query<{ action: string; outcome: string; status: number | null }>(
      'SELECT action, outcome, status FROM audit_log ORDER BY id OFFSET $1',
      [before],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { action: 'profiles.read', outcome: 'not_found', status: null },
        { action: 'requests.refused', outcome: 'rate_limited', status: 429 },
        { action: 'profiles.read', outcome: 'success', status: null },
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(await checkAuditChain(db)).toEqual({ rows: before + 3, brokenAt: null });
  });

  it('are kept apart from a record the database refuses: only its request fails', async () => {
    const before = (await checkAuditChain(db)).rows;
    const refused = { ...readOf(randomUUID()), actor: { ...readOf('').actor, deviceId: 'not a device id' } };
    const [good, bad] = await Promise.allSettled([
      operation(db, readOf(randomUUID()), () => Promise.resolve('seen')),
      operation(db, refused, () => Promise.resolve('seen')),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: 'seen' });
    expect(bad).toMatchObject({ status: 'rejected' });
    expect(await checkAuditChain(db)).toEqual({ rows: before + 1, brokenAt: null });
  });

  it('fail the request when they cannot be stored: no answer without its record', async () => {
    const broken: Database = { ...db, query: () => Promise.reject(new Error('The database is gone.')) };
    await expect(operation(broken, readOf(randomUUID()), () => Promise.resolve('seen'))).rejects.toThrow(
      'The database is gone.',
    );
  });
});
