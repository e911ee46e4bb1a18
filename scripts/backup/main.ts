/**
 * `npm run backup [-- --out FILE]` and `npm run restore -- FILE`, on the
 * stack's DATA_DIR (`.data` unless set) while the stack is stopped. A backup
 * goes to `backups/thrive-<time>.tar` unless told; a restore fills an empty or
 * missing DATA_DIR (move the old one aside first). With DATABASE_URL set the
 * database is a PostgreSQL server's, which these do not copy: see the README's
 * "Backups".
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stackConfig } from '../stack/config.ts';
import { stackIsRunning } from '../stack/running.ts';
import { backupDataDir, restoreDataDir } from './backup.ts';

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' } },
  });
  const [command, file] = positionals;
  const config = stackConfig();
  if (config.databaseUrl) {
    refuse('DATABASE_URL names a PostgreSQL server: back it up by its own means (README, "Backups").');
  }
  if (stackIsRunning(config.dataDir)) refuse(`The stack is running on ${config.dataDir}: stop it (Ctrl-C) first.`);
  if (command === 'backup') {
    const stamp = new Date().toISOString().replaceAll(':', '').replace(/\..*/, 'Z');
    const out = values.out ?? path.join('backups', `thrive-${stamp}.tar`);
    const manifest = await backupDataDir(config.dataDir, out);
    console.log(`Backed up ${config.dataDir} (the database and ${manifest.files.length} files) to ${out}`);
  } else if (command === 'restore' && file) {
    await restoreDataDir(file, config.dataDir);
    console.log(`Restored ${file} into ${config.dataDir}: \`npm start\` serves it.`);
  } else {
    refuse('Usage: npm run backup [-- --out FILE], or npm run restore -- FILE');
  }
}

await main();
