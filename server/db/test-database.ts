/**
 * The database of a unit test: in memory, migrated. The first call in a test
 * worker migrates one database and keeps a copy of it; every later call opens
 * that copy, which skips initdb and the migrations (seconds each, tens of
 * seconds on a busy two-core machine).
 */
import { openDatabase, type Database } from './database.ts';
import { openMigratedDatabase } from './migrate.ts';

let migrated: Promise<Blob> | undefined;

async function migratedCopy(): Promise<Blob> {
  const db = await openMigratedDatabase({ kind: 'pglite', dataDir: null });
  try {
    if (!db.snapshot) throw new Error('An in-memory PGlite database can be copied');
    return await db.snapshot();
  } finally {
    await db.close();
  }
}

/** A migrated in-memory database of its own; close it when done. */
export async function openTestDatabase(): Promise<Database> {
  migrated ??= migratedCopy();
  migrated.catch(() => {
    migrated = undefined;
  });
  return openDatabase({ kind: 'pglite', dataDir: null, from: await migrated });
}
