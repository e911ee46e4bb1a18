import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { migrate, openMigratedDatabase, readMigrations } from './migrate.ts';

let db: Database;

beforeAll(async () => {
  db = await openMigratedDatabase({ kind: 'pglite', dataDir: null });
});

afterAll(async () => {
  await db.close();
});

describe('migrations', () => {
  it('are applied once, in order, and recorded', async () => {
    const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.map((row) => row.name)).toEqual(readMigrations().map((migration) => migration.name));
    expect(await migrate(db)).toEqual([]);
  });
});
