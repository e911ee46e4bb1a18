/**
 * The restore drill (`npm run backup`, `npm run restore`): a stopped stack's
 * DATA_DIR with its demo data is backed up, restored into a fresh folder, and
 * the API on the restored database answers as it did on the original, every
 * table holds the same rows, and the identity service's files are the same.
 * The embedded database's drill: a PostgreSQL server is backed up by its own
 * means (README, "Backups"), so the PostgreSQL run of the suite skips it.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir } from '../../scripts/backup/backup.ts';
import { ensureDemoData } from '../../scripts/demo/seed.ts';
import { stackConfig } from '../../scripts/stack/config.ts';
import { reportFilesKey } from '../../scripts/stack/report-files-key.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { databaseReportFiles } from '../../server/results/report-files.ts';
import { accessToken, idOf, stack, type Actor, type Schemas } from '../support/api-client.ts';
import { startInProcessApi } from '../support/in-process-api.ts';

let workDir: string;
const original = () => path.join(workDir, 'original');
const restored = () => path.join(workDir, 'restored');

/** Each table's rows, counted and hashed in a stable order: equal only if every row is. */
async function tableDigests(db: Database): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ rows: number; digest: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
         FROM "${name}" t`,
    );
    digests[name] = `${row!.rows}:${row!.digest}`;
  }
  return digests;
}

/** What the API answers on the database in `dataDir` to a clinic's everyday reads, and its tables' digests. */
async function answersOn(dataDir: string) {
  const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const digests = await tableDigests(db);
  // The lab reports open under the key the folder holds, as the stack's API opens them.
  const reportFiles = databaseReportFiles(Buffer.from(reportFilesKey(dataDir), 'base64'));
  const served = await startInProcessApi({ open: () => Promise.resolve(db), reportFiles });
  try {
    const read = async (as: Actor, route: string) => {
      const answer = await served.api('GET', route, { as });
      expect(answer.status, `${route}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    const clinics = (await read('reception', '/clinics')) as Schemas['ClinicList'];
    const week = new URLSearchParams({
      clinic: clinics.results[0]!.id,
      from: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      to: new Date(Date.now() + 4 * 86_400_000).toISOString(),
    });
    const client = idOf('client2');
    const answers = {
      clinics,
      users: await read('admin', '/users/users?page_size=100&ordering=email'),
      client: await read('nurse', `/users/users/${client}`),
      schedule: await read('reception', `/schedule?${week.toString()}`),
      appointments: await read('nurse', `/appointments?client=${client}`),
      visits: await read('nurse', `/visits?client=${client}`),
      results: await read('nurse', `/assessments?client=${client}`),
      labResults: (await read('nurse', `/results?client=${client}`)) as Schemas['ResultList'],
    };
    // The demo's lab report (a PDF), downloaded: the same file before and after.
    const withReport = answers.labResults.results.find((result) => result.report);
    expect(withReport).toBeDefined();
    const pdf = await fetch(`${served.url}/results/${withReport!.id}/report`, {
      headers: { authorization: `Bearer ${await accessToken('nurse')}` },
    });
    expect(pdf.status).toBe(200);
    const report = createHash('sha256')
      .update(Buffer.from(await pdf.arrayBuffer()))
      .digest('hex');
    return { answers: { ...answers, report }, digests };
  } finally {
    await served.stop();
  }
}

describe.skipIf(stack.databaseUrl)('the restore drill', () => {
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-restore-drill-'));
    // A stack's data as `npm start` leaves it: the demo accounts, clients, schedule, visits and results.
    await ensureDemoData(stackConfig({ DATA_DIR: original(), DATABASE_URL: '' }));
  }, 120_000);

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('restores a backed-up stack into a fresh folder, where the API answers the same', async () => {
    const before = await answersOn(original());
    const file = path.join(workDir, 'backups', 'drill.tar');
    const backup = await backupDataDir(original(), file);
    expect(backup.files).toEqual(
      expect.arrayContaining(['seeded.json', 'identity/mfa-setup.json', 'report-files.key']),
    );

    await restoreDataDir(file, restored());
    const after = await answersOn(restored());
    expect(after.answers).toEqual(before.answers);
    // Reading wrote the first API's audit records after the backup: every other table is as it was.
    const { audit_log: _readsBefore, ...rest } = before.digests;
    expect(Object.keys(rest).length).toBeGreaterThan(10);
    expect(after.digests).toMatchObject(rest);
    for (const file of backup.files) {
      expect(await readFile(path.join(restored(), file)), file).toEqual(await readFile(path.join(original(), file)));
    }
  }, 120_000);

  it('never restores over data', async () => {
    await expect(restoreDataDir(path.join(workDir, 'backups', 'drill.tar'), original())).rejects.toThrow(
      /is not empty/,
    );
  });
});
