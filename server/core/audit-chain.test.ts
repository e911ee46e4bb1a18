import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { checkAuditChain } from './audit-chain.ts';

let db: Database;

async function record(action: string): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_id, action, resource_type, outcome) VALUES ('u-1', $1, 'user', 'success')`,
    [action],
  );
}

beforeAll(async () => {
  db = await openTestDatabase();
  for (const action of ['users.read', 'users.list', 'profiles.read']) await record(action);
});

afterAll(async () => {
  await db.close();
});

describe('the audit trail', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(db.query(`UPDATE audit_log SET outcome = 'denied'`)).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect((await db.query('SELECT id FROM audit_log')).length).toBe(3);
  });

  it('chains each row to the one before', async () => {
    expect(await checkAuditChain(db)).toEqual({ rows: 3, brokenAt: null });
  });

  it('shows where a row was changed behind the database’s back', async () => {
    const [second] = await db.query<{ id: string }>(
      'SELECT id::text AS id FROM audit_log ORDER BY id LIMIT 1 OFFSET 1',
    );
    // Only someone able to switch the guard off can do this; the chain still tells.
    await db.exec('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
    await db.query(`UPDATE audit_log SET action = 'users.delete' WHERE id = $1`, [Number(second?.id)]);
    await db.exec('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update');
    expect((await checkAuditChain(db)).brokenAt).toBe(Number(second?.id));
  });
});
