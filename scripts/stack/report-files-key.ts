/**
 * The local stack's key for the lab's original reports (the API's
 * REPORT_FILES_KEY: AES-256-GCM, server/results/report-files.ts), made once
 * per DATA_DIR and readable by its owner only. It stays with the data it
 * opens: a backup of DATA_DIR holds it (scripts/backup), and a DATA_DIR
 * deleted takes both. A deployment gives its own key, or a bucket.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const OWNER_ONLY = 0o600;

export function reportFilesKeyFile(dataDir: string): string {
  return path.join(dataDir, 'report-files.key');
}

function readKey(file: string): string | null {
  try {
    const key = readFileSync(file, 'utf8').trim();
    // A key left readable by others (copied, restored from a backup) is closed again.
    chmodSync(file, OWNER_ONLY);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The key in base64, made on first use; two processes making it at once end up with the same one. */
export function reportFilesKey(dataDir: string): string {
  const file = reportFilesKeyFile(dataDir);
  const existing = readKey(file);
  if (existing !== null) return existing;
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  try {
    writeFileSync(file, `${key}\n`, { mode: OWNER_ONLY, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKey(file) ?? key;
  }
  return key;
}
