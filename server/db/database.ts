/**
 * One small database adapter over the two PostgreSQLs Thrive runs on: PGlite
 * (embedded, data in a folder, the default) and a PostgreSQL server through
 * `pg` (when DATABASE_URL is set). Everything above this file speaks plain SQL
 * with $1 parameters and sees the same row shapes from both.
 *
 * Row values that the two drivers parse differently (date, interval, bigint)
 * are cast to text or int in the queries; timestamptz arrives as a Date from both.
 */
import { mkdirSync } from 'node:fs';
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
  close(): Promise<void>;
  /** PGlite only: a copy of the whole database, to open again with `from`. */
  snapshot?(): Promise<Blob>;
}

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  return location.kind === 'postgres' ? openPostgres(location.url) : openPglite(location.dataDir, location.from);
}

async function openPglite(dataDir: string | null, from: Blob | undefined): Promise<Database> {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  // btree_gist: the schedule's exclusion constraints compare ids with = beside time ranges with &&.
  const options = { extensions: { pg_trgm, btree_gist } };
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
    close: () => pglite.close(),
    snapshot: () => pglite.dumpDataDir('none'),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
  return {
    kind: 'postgres',
    ...over(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(over(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
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
