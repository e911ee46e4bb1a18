import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { databaseReportFiles } from '../../server/results/report-files.ts';
import { storedReport } from '../../server/results/report-store.ts';
import { DEMO_ACCOUNTS, demoAccount } from './accounts.ts';
import { generateClients } from './clients.ts';
import { CRITICAL_CLIENT, LAB_CLIENT, planDemoResults, writeDemoResults } from './results.ts';
import { seedScheduleCatalog } from './schedule.ts';
import { seedDatabase } from './seed-database.ts';

const now = new Date('2031-03-04T08:30:00Z');
const featured = demoAccount('client2@thrive.test');
const clients = generateClients(50);
const reportFiles = databaseReportFiles(randomBytes(32));

describe('the demo lab results and advice', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await seedDatabase(db, [...DEMO_ACCOUNTS, ...clients]);
    await seedScheduleCatalog(db);
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  it('leave a pending Fasting blood panel for client2 and the lab client, and a critical glucose unreleased', async () => {
    await db.transaction((tx) => writeDemoResults(tx, planDemoResults(now, featured, clients), reportFiles));
    const pending = await db.query<{ client_id: string }>(
      `SELECT a.client_id FROM appointments a
       WHERE a.status = 'completed' AND NOT EXISTS (SELECT 1 FROM lab_results r WHERE r.appointment_id = a.id)`,
    );
    expect(pending.map((row) => row.client_id).sort()).toEqual([featured.id, clients[LAB_CLIENT]!.id].sort());
    const critical = await db.query<{ client_id: string; released_at: Date | null }>(
      'SELECT client_id, released_at FROM lab_results WHERE critical',
    );
    expect(critical).toEqual([{ client_id: clients[CRITICAL_CLIENT]!.id, released_at: null }]);
  });

  it('are replaced, not doubled, when the next day is written, and keep a client’s acknowledgement', async () => {
    const plan = planDemoResults(now, featured, clients);
    await db.query(`UPDATE advices SET acknowledged_at = now() WHERE client_id = $1`, [featured.id]);
    await db.transaction((tx) => writeDemoResults(tx, plan, reportFiles));
    const [results] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM lab_results');
    expect(results?.n).toBe(plan.results.length);
    const advices = await db.query<{ acknowledged: boolean }>(
      'SELECT acknowledged_at IS NOT NULL AS acknowledged FROM advices WHERE client_id = $1',
      [featured.id],
    );
    expect(advices.map((row) => row.acknowledged)).toEqual([true, true]);
  });

  it('attach the lab’s report, sealed, to client2’s latest released lipid panel', async () => {
    const rows = await db.query<{ result_id: string; client_id: string; released: boolean; size_bytes: number }>(
      `SELECT f.result_id, r.client_id, r.released_at IS NOT NULL AS released, f.size_bytes
       FROM lab_result_reports f JOIN lab_results r ON r.id = f.result_id`,
    );
    expect(rows.map(({ client_id, released }) => ({ client_id, released }))).toEqual([
      { client_id: featured.id, released: true },
    ]);
    const [{ result_id, size_bytes }] = rows as [(typeof rows)[number]];
    const pdf = await reportFiles.fetch(result_id, (await storedReport(db, result_id))!);
    expect(pdf).toHaveLength(size_bytes);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(`Patient: ${featured.firstName} ${featured.lastName}`);
    expect(pdf.toString('latin1')).toContain('Total cholesterol: 214 mg/dL');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });
});
