/**
 * Whether this API process serves: its database answers, the database's
 * schema has every migration of this release (`npm run migrate` applies them;
 * the API never does), and it is not stopping. A process started on a schema
 * that is behind answers every request but the health checks 503 and looks
 * again every few seconds, so a release whose migrations have not run yet
 * waits for them instead of failing on missing tables. Once at head it stays
 * so: migrations only ever add.
 */
import type { Queryable } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { logInfo, logWarning } from './log.ts';

export type NotReadyReason = 'database_unreachable' | 'migrations_behind' | 'stopping';

export type ReadyState = { ready: true } | { ready: false; reason: NotReadyReason };

export interface Readiness {
  /** Whether requests are served: false while the schema is behind. */
  serving(): boolean;
  /** Whether this process is stopping (its answers then close their connections). */
  stopping(): boolean;
  /** Asks the database now (the load balancer's health check). */
  check(): Promise<ReadyState>;
  /** From now on the process is stopping: not ready, so the load balancer sends it nothing new. */
  stop(): void;
}

/** How long the readiness check waits for the database. */
const DATABASE_ANSWER_MS = 2_000;
/** How often a process whose schema is behind looks again. */
const SCHEMA_POLL_MS = 5_000;

async function answersWithin(db: Queryable, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([db.query('SELECT 1').then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The readiness of a process on `db`. `atHead` false: the schema was found behind at start, and is looked at
 * again every few seconds until it is not.
 */
export function createReadiness(
  db: Queryable,
  { atHead = true, pollMs = SCHEMA_POLL_MS }: { atHead?: boolean; pollMs?: number } = {},
): Readiness {
  let schemaAtHead = atHead;
  let stopping = false;
  let poll: ReturnType<typeof setInterval> | undefined;
  if (!schemaAtHead) {
    poll = setInterval(() => {
      void pendingMigrations(db)
        .then((pending) => {
          if (pending.length > 0 || schemaAtHead) return;
          schemaAtHead = true;
          clearInterval(poll);
          logInfo('Schema at head: serving');
        })
        .catch(() => undefined);
    }, pollMs);
    poll.unref();
  }
  return {
    serving: () => schemaAtHead,
    stopping: () => stopping,
    async check() {
      if (stopping) return { ready: false, reason: 'stopping' };
      if (!(await answersWithin(db, DATABASE_ANSWER_MS))) return { ready: false, reason: 'database_unreachable' };
      return schemaAtHead ? { ready: true } : { ready: false, reason: 'migrations_behind' };
    },
    stop() {
      stopping = true;
      clearInterval(poll);
    },
  };
}

/** Whether `db`'s schema has every migration of this release; a warning names how many are missing. */
export async function schemaAtHead(db: Queryable): Promise<boolean> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) {
    logWarning('Schema behind this release: not serving until `npm run migrate` has applied the pending migrations', {
      pending: pending.length,
      first: pending[0]!,
    });
  }
  return pending.length === 0;
}
