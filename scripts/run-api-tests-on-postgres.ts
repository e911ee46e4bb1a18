/**
 * Runs the API suite a second time against a real PostgreSQL server, when
 * TEST_DATABASE_URL names one (CI installs and starts it). Without it the
 * suite has already run on the embedded database, and this says so.
 */
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('API suite on PostgreSQL: not run (set TEST_DATABASE_URL to a database it may empty).');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
