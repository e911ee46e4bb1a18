/**
 * Whether a local stack runs on a DATA_DIR: `npm start` writes its process id
 * to `stack.pid` there while it runs. Offline work on the folder (seeding,
 * backing up, restoring) refuses to race it: the embedded database belongs to
 * one process.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function stackPidFile(dataDir: string): string {
  return path.join(dataDir, 'stack.pid');
}

export function stackIsRunning(dataDir: string): boolean {
  const pidFile = stackPidFile(dataDir);
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}
