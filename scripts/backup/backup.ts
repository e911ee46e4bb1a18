/**
 * Backing up and restoring a local stack's DATA_DIR on the embedded database:
 * one file (a tar) holding the database as PGlite dumps it, the identity
 * service's files (its users, keys and sign-outs: without them no restored
 * account could sign in) and the demo data's markers. Logs, process ids and
 * sockets are not kept. Both run while the stack is stopped: the embedded
 * database belongs to one process. A PostgreSQL server is backed up by its own
 * means (the README's "Backups").
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dumpEmbeddedDatabase, loadEmbeddedDatabase } from '../../server/db/database.ts';

/** What a backup says of itself (`backup.json` inside it). */
interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The embedded database, as PGlite dumps it. */
  database: string;
  /** The DATA_DIR's other files, relative to it. */
  files: string[];
}

const MANIFEST = 'backup.json';
const DATABASE_DUMP = 'database.tar.gz';
const FILES_DIR = 'files';
/** The folder of the embedded database inside DATA_DIR (scripts/stack/config.ts's databaseDir). */
const DATABASE_DIR = 'db';

/** What a running stack leaves that no restore wants: its logs, process ids and sockets (not regular files). */
const NOT_KEPT = /(^|\/)(logs\/|[^/]+\.(pid|log|sock)$)/;

function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tar failed: ${errors.trim()}`))));
  });
}

async function regularFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(`${DATABASE_DIR}/`) && !NOT_KEPT.test(file))
    .sort();
}

async function inTemporaryDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'thrive-backup-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes a backup of `dataDir` to `file`; returns what it holds. */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupManifest> {
  return inTemporaryDir(async (staging) => {
    const files = await regularFilesUnder(dataDir);
    for (const name of files) {
      await mkdir(path.dirname(path.join(staging, FILES_DIR, name)), { recursive: true });
      await cp(path.join(dataDir, name), path.join(staging, FILES_DIR, name), { preserveTimestamps: true });
    }
    const dump = await dumpEmbeddedDatabase(path.join(dataDir, DATABASE_DIR));
    await writeFile(path.join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: DATABASE_DUMP,
      files,
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await tar([
      '-cf',
      path.resolve(file),
      '-C',
      staging,
      MANIFEST,
      DATABASE_DUMP,
      ...(files.length ? [FILES_DIR] : []),
    ]);
    return manifest;
  });
}

/** Makes `dataDir` (new or empty) what the backup in `file` holds. */
export async function restoreDataDir(file: string, dataDir: string): Promise<BackupManifest> {
  const present = await readdir(dataDir).catch(() => []);
  if (present.length > 0) throw new Error(`${dataDir} is not empty: a restore never writes over data.`);
  return inTemporaryDir(async (unpacked) => {
    await tar(['-xf', path.resolve(file), '-C', unpacked, '--no-same-owner']);
    const manifest = JSON.parse(await readFile(path.join(unpacked, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format !== 1)
      throw new Error(`${file} is a backup of an unknown format (${String(manifest.format)}).`);
    await mkdir(dataDir, { recursive: true });
    if (manifest.files.length > 0) await cp(path.join(unpacked, FILES_DIR), dataDir, { recursive: true });
    const dump = await readFile(path.join(unpacked, manifest.database));
    await loadEmbeddedDatabase(path.join(dataDir, DATABASE_DIR), new Blob([dump]));
    return manifest;
  });
}
