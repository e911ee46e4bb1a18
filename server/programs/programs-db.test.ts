import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import type { Actor } from '../core/actor.ts';
import { readProgram } from './programs-service.ts';

/**
 * A program's progress on the embedded database, which keeps no statistics: the planner takes every table for
 * one row. Counted by the work the database does (its plan's loops), not by a clock: reading the sessions once
 * for every enrollment made one read of 520 enrollments take 22 s there.
 */
const ENROLLED = 200;
const COACH: Actor = {
  id: '00000000-0000-4000-9000-000000000001',
  role: 'HEALTH_COACH',
  deviceId: null,
  idempotency: null,
};
const clientId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let db: Database;
let programId: string;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.query(`INSERT INTO users (id, email, role) VALUES ($1, 'coach@thrive.test', 'HEALTH_COACH')`, [COACH.id]);
  await db.query(
    `INSERT INTO users (id, email, role)
     SELECT ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'client-' || n || '@thrive.test', 'CLIENT'
     FROM generate_series(1, $1::int) n`,
    [ENROLLED],
  );
  await db.query(
    `INSERT INTO enrollments (user_id, program, status, start_date)
     SELECT id, 'iv_wellness', 'active', current_date - 14 FROM users WHERE role = 'CLIENT'`,
  );
  const [program] = await db.query<{ id: string }>(`SELECT id FROM programs WHERE key = 'iv_wellness'`);
  programId = program!.id;
});

afterAll(async () => {
  await db?.close();
});

/** The loops of every step of a plan, added up: what the database did for the query. */
function loopsOf(node: { 'Actual Loops'?: number; Plans?: unknown[] }): number {
  const own = node['Actual Loops'] ?? 0;
  return own + (node.Plans ?? []).reduce<number>((sum, child) => sum + loopsOf(child as typeof node), 0);
}

describe('a program’s progress', () => {
  it('reads each enrollment’s sessions once, not once per enrollment', async () => {
    const loops: number[] = [];
    const measured: Database = Object.create(db) as Database;
    measured.query = async <Row extends object>(sql: string, params: readonly unknown[] = []) => {
      if (sql.includes('counted AS')) {
        const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: Parameters<typeof loopsOf>[0] }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
          params,
        );
        loops.push(loopsOf(row!['QUERY PLAN'][0].Plan));
      }
      return db.query<Row>(sql, params);
    };

    const detail = await readProgram(measured, COACH, programId, { limit: 1000, status: 'active' }, new Date());

    expect(detail.program.enrolled).toBe(ENROLLED);
    expect(detail.program.enrollments.map((item) => item.client_id)).toContain(clientId(1));
    // The progress, the weekly sessions and the weekly checks: three queries over the enrollments.
    expect(loops).toHaveLength(3);
    // A dozen steps per enrollment at most (about 2,400 here); the sessions read once per enrollment made 84,000.
    for (const count of loops) expect(count).toBeLessThan(ENROLLED * 30);
  });
});
