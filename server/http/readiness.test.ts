import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { openDatabase } from '../db/database.ts';
import { createApp } from './app.ts';
import type { IdentityAdmin } from '../identity/identity-admin.ts';
import { createReadiness, schemaAtHead } from '../core/readiness.ts';
import { databaseReportFiles } from '../results/report-files.ts';

let behind: Database;

beforeAll(async () => {
  behind = await openDatabase({ kind: 'pglite', dataDir: null });
  // A database the last release migrated: this one's newest migration is missing.
  await migrate(behind, readMigrations().slice(0, -1));
});

afterAll(async () => {
  await behind.close();
});

describe('readiness', () => {
  it('answers 503 to all but the health checks while the schema is behind, and serves once it is not', async () => {
    expect(await schemaAtHead(behind)).toBe(false);
    const readiness = createReadiness(behind, { atHead: false, pollMs: 20 });
    const app = createApp({
      db: behind,
      // Never reached: every request is answered before authentication.
      identityAdmin: {} as IdentityAdmin,
      verifyAccessToken: () => Promise.reject(new Error('not reached')),
      reportFiles: databaseReportFiles(randomBytes(32)),
      readiness,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`;
    try {
      expect((await fetch(`${base}/health`)).status).toBe(200);
      const ready = await fetch(`${base}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not_ready', reason: 'migrations_behind' });
      const list = await fetch(`${base}/users/users`);
      expect(list.status).toBe(503);
      expect(list.headers.get('retry-after')).toBe('5');
      expect(list.headers.get('content-type')).toMatch(/^application\/problem\+json/);

      // `npm run migrate` runs meanwhile.
      await migrate(behind);
      await expect.poll(() => readiness.serving()).toBe(true);
      expect(await (await fetch(`${base}/ready`)).json()).toEqual({ status: 'ready' });
      expect((await fetch(`${base}/users/users`)).status).toBe(401);

      readiness.stop();
      expect(await (await fetch(`${base}/ready`)).json()).toEqual({ status: 'not_ready', reason: 'stopping' });
      // While stopping, an answer ends its connection.
      expect((await fetch(`${base}/health`)).headers.get('connection')).toBe('close');
    } finally {
      server.close();
    }
  });

  it('says a database that does not answer is not ready', async () => {
    const unreachable = {
      query: () => Promise.reject(new Error('connect ECONNREFUSED')),
      exec: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    expect(await createReadiness(unreachable).check()).toEqual({ ready: false, reason: 'database_unreachable' });
  });
});
