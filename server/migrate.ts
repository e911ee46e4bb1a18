/**
 * `npm run migrate`: brings the database (DATABASE_URL, or the embedded one in
 * DATA_DIR/db) up to this release's schema, under an advisory lock so two runs
 * at once apply each migration once. A release runs it before its API
 * processes start (they serve only on a schema at head); on the embedded
 * database, while the stack is stopped.
 */
import { ConfigurationError, parseDatabaseConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';

try {
  const location = parseDatabaseConfig(process.env);
  const db = await openDatabase(location);
  try {
    const applied = await migrate(db);
    const where = location.kind === 'postgres' ? 'PostgreSQL' : `the embedded database in ${location.dataDir}`;
    console.log(
      applied.length === 0
        ? `The schema of ${where} is at head: nothing to apply.`
        : `Applied to ${where}: ${applied.join(', ')}.`,
    );
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : `Migrating failed: ${String(error)}`);
  process.exit(error instanceof ConfigurationError ? 2 : 1);
}
