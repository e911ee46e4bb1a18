/**
 * Applies the SQL files in ./migrations (named NNN_name.sql) in order, each
 * once, and records them in schema_migrations. The same files serve PGlite and
 * PostgreSQL. `npm run migrate` (server/migrate.ts) applies them before a
 * release's API instances start, under an advisory lock, so two runs at once
 * never apply a migration twice; the API itself only checks that none is
 * pending (`pendingMigrations`) and does not serve until then.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database, type DatabaseLocation, type Queryable } from './database.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;
/** Any fixed number; it names Thrive's migration lock among the server's advisory locks. */
const MIGRATION_LOCK_KEY = 7_432_001;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((file) => file.endsWith('.sql'));
  const misnamed = files.filter((file) => !MIGRATION_FILE.test(file));
  if (misnamed.length > 0) throw new Error(`Migration files must be named NNN_name.sql: ${misnamed.join(', ')}`);
  return files.sort().map((file) => ({ name: file, sql: readFileSync(path.join(dir, file), 'utf8') }));
}

/** Applies the pending migrations; returns the names of those it applied. */
export async function migrate(db: Database, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
    );
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    }
    return pending.map((migration) => migration.name);
  });
}

/**
 * The migrations of this release the database has not had yet (none: its schema is at this release's head). A
 * database ahead of the release (an older release's instance while a newer one rolls out) has none pending.
 */
export async function pendingMigrations(db: Queryable, migrations: Migration[] = readMigrations()): Promise<string[]> {
  const [table] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  if (!table?.present) return migrations.map((migration) => migration.name);
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  return migrations.filter((migration) => !applied.has(migration.name)).map((migration) => migration.name);
}

/** Opens the database and brings its schema up to date: what every entry point needs first. */
export async function openMigratedDatabase(location: DatabaseLocation): Promise<Database> {
  const db = await openDatabase(location);
  try {
    await migrate(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
