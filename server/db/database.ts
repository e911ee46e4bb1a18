/**
 * One small database adapter over the two PostgreSQLs Thrive runs on: PGlite
 * (embedded, data in a folder, the default) and a PostgreSQL server through
 * `pg` (when DATABASE_URL is set). Everything above this file speaks plain SQL
 * with $1 parameters and sees the same row shapes from both.
 *
 * Row values that the two drivers parse differently (date, interval, bigint)
 * are cast to text or int in the queries; timestamptz arrives as a Date from both.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  /**
   * dataDir null keeps the database in memory (tests), started from `from` when given: a copy made by
   * `snapshot()`, so each test file opens a migrated database without running initdb and the migrations again.
   */
  | { kind: 'pglite'; dataDir: string | null; from?: Blob };

export interface Queryable {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: DatabaseLocation['kind'];
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Hears what other processes on this database announce on `channel` (PostgreSQL's LISTEN): `onMessage` with
   * each payload, `onMissed` when the listening connection was lost and announcements may have gone unheard
   * (it reconnects by itself). Resolves once listening, with a function that stops. PGlite has one process,
   * so nothing to hear: it never calls either.
   */
  listen(channel: string, onMessage: (payload: string) => void, onMissed: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: a copy of the whole database, to open again with `from`. */
  snapshot?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /**
   * Announce every transaction this process commits on `channel`, with `payload` (this process's name): the
   * announcement is sent with the commit, so other processes hear of a change before its writer is answered.
   */
  announceCommits?: { channel: string; payload: string };
}

export async function openDatabase(location: DatabaseLocation, options: DatabaseOptions = {}): Promise<Database> {
  return location.kind === 'postgres'
    ? openPostgres(location.url, options)
    : openPglite(location.dataDir, location.from);
}

// btree_gist: the schedule's exclusion constraints compare ids with = beside time ranges with &&.
const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

/**
 * The embedded database in `dataDir` as one file (a gzipped tar of its folder, PGlite's own format), for a
 * backup. No process may have it open meanwhile: PGlite belongs to one.
 */
export async function dumpEmbeddedDatabase(dataDir: string): Promise<Blob> {
  const pglite = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  try {
    return await pglite.dumpDataDir('gzip');
  } finally {
    await pglite.close();
  }
}

/** Makes `dataDir` (new or empty) the embedded database a dump holds (`dumpEmbeddedDatabase`). */
export async function loadEmbeddedDatabase(dataDir: string, dump: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  if (readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty: a restore never writes over data.`);
  const pglite = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: dump });
  await pglite.close();
}

async function openPglite(dataDir: string | null, from: Blob | undefined): Promise<Database> {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const options = { extensions: PGLITE_EXTENSIONS };
  const pglite =
    dataDir === null ? await PGlite.create({ ...options, loadDataDir: from }) : await PGlite.create(dataDir, options);
  // PGlite is one connection: its transaction() holds a lock that every other
  // query waits for, so concurrent requests see the same isolation as on a server.
  const over = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(script: string) {
      await target.exec(script);
    },
  });
  return {
    kind: 'pglite',
    ...over(pglite),
    transaction: (work) => pglite.transaction((tx) => work(over(tx))),
    listen: () => Promise.resolve(() => Promise.resolve()),
    close: () => pglite.close(),
    snapshot: () => pglite.dumpDataDir('none'),
  };
}

/** How long a lost listening connection waits before it connects again, at most. */
const RELISTEN_MAX_MS = 10_000;

/** A connection of its own that LISTENs on `channel`, connecting again whenever it is lost. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onMissed: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Connects and listens; a connection lost (or never made) tries again after `wait`, then twice as long. */
  const connect = async (wait: number): Promise<void> => {
    const connection = new pg.Client({ connectionString: url });
    const lost = () => {
      if (stopped || client !== connection) return;
      client = undefined;
      connection.removeAllListeners();
      void connection.end().catch(() => undefined);
      onMissed();
      retry = setTimeout(() => void connect(Math.min(RELISTEN_MAX_MS, wait * 2)).catch(() => undefined), wait);
      retry.unref();
    };
    client = connection;
    connection.on('error', lost);
    connection.on('end', lost);
    connection.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost();
      throw error;
    }
  };
  await connect(500);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  // No JIT: the API's queries are short, and a misestimated plan once spent half a second compiling a query that
  // ran in a tenth of a millisecond (PERFORMANCE.md, "Deployment and scale").
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // A broken idle connection must not crash the server; the next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const over = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row & pg.QueryResultRow>(sql, [...params]);
      return result.rows;
    },
    async exec(script: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(script);
    },
  });
  await pool.query('SELECT 1');
  const announce = options.announceCommits;
  // The announcement and the commit in one round trip: NOTIFY is delivered when, and only if, it commits.
  const commit = announce
    ? `SELECT pg_notify(${pg.escapeLiteral(announce.channel)}, ${pg.escapeLiteral(announce.payload)}); COMMIT`
    : 'COMMIT';
  return {
    kind: 'postgres',
    ...over(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(over(client));
        await client.query(commit);
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onMessage, onMissed) => listenOnPostgres(url, channel, onMessage, onMissed),
    close: () => pool.end(),
  };
}

/** The constraint an exclusion-constraint violation (SQLSTATE 23P01) names, or undefined for any other error. */
export function violatedExclusion(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23P01' && typeof constraint === 'string' ? constraint : undefined;
}

/** Whether a database error is a unique-constraint violation (the same SQLSTATE on both drivers). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || violated === constraint);
}
