/**
 * The audit trail: every read and change of a user's record through the API,
 * with who, which record (and whose), what, how it ended and when. It records
 * ids, action names and the names of changed fields, never the values, so the
 * trail itself holds no health information.
 *
 * A successful change writes its record in the change's own transaction, so
 * there is no change without its record, and with it the request's
 * Idempotency-Key and answer (operation.ts). Failures and denials are
 * recorded on their own after the fact. Every record names the caller (the
 * token's subject) and the device the request came from.
 */
import type { Queryable } from '../db/database.ts';
import type { Actor } from './actor.ts';
import type { AuditAction, AuditEvent, AuditOutcome } from './contract-types.ts';
import { KeyTakenMeanwhile } from './idempotency-store.ts';
import { HttpProblem } from './problem.ts';

// The contract names the actions and outcomes, because the audit feed answers with them.
export type { AuditAction, AuditOutcome } from './contract-types.ts';

/**
 * Which actions change something (the backoffice's "recent changes"); the rest
 * read. Typed as a full map so that a new action in the contract must be sorted here.
 */
export const AUDIT_ACTION_KINDS: Readonly<Record<AuditAction, 'change' | 'read'>> = {
  'users.list': 'read',
  'users.read': 'read',
  'users.count': 'read',
  'users.create': 'change',
  'users.delete': 'change',
  'users.disable': 'change',
  'users.enable': 'change',
  'profiles.read': 'read',
  'profiles.update': 'change',
  'enrollments.list': 'read',
  'enrollments.create': 'change',
  'enrollments.update': 'change',
  'enrollments.delete': 'change',
  'appointments.list': 'read',
  'appointments.read': 'read',
  'appointments.create': 'change',
  'appointments.update': 'change',
  'visits.list': 'read',
  'visits.read': 'read',
  'visits.create': 'change',
  'visits.update': 'change',
  'visits.sign': 'change',
  'visits.addendum': 'change',
  'assessments.list': 'read',
  'assessments.create': 'change',
  'assessments.contact': 'change',
  'tests.list': 'read',
  'slots.list': 'read',
  'support.list': 'read',
  'support.read': 'read',
  'support.create': 'change',
  'support.reply': 'change',
  'clients.search': 'read',
  'clients.alerts': 'read',
  'programs.list': 'read',
  'programs.read': 'read',
  'results.list': 'read',
  'results.read': 'read',
  'results.create': 'change',
  'results.import': 'change',
  'results.release': 'change',
  'results.report-attach': 'change',
  'results.report-read': 'read',
  'advices.list': 'read',
  'advices.create': 'change',
  'advices.update': 'change',
  'audit.list': 'read',
  // A sign-out ends sessions, a change of state though of no one's record.
  'sessions.end': 'change',
  'requests.refused': 'read',
  'users.password-reset': 'change',
  'users.invitation': 'change',
  'messages.list': 'read',
  'messages.preferences-read': 'read',
  'messages.preferences-update': 'change',
  'messages.unsubscribe': 'change',
  'clinics.messaging-read': 'read',
  'clinics.messaging-update': 'change',
};

export interface AuditEntry {
  /** Who asked (the token's subject), from which device, with which Idempotency-Key. */
  actor: Actor;
  action: AuditAction;
  resourceType: AuditEvent['resource_type'];
  /** The record acted on; null for a list, or before a created record has its id. */
  resourceId: string | null;
  /** The user whose data it is, when there is one. */
  subjectId: string | null;
  /** Names of the fields changed (never their values). */
  fields?: readonly string[];
}

/** What a record of a refused request adds: how it was refused, where, how many alike, from where. */
export interface Refusal {
  status: number;
  route: string;
  /** How many refusals alike the record stands for (see refusals.ts); one when absent. */
  repeats?: number;
  /** The client's address, for a refusal of someone not signed in. */
  source?: string | null;
}

/** One record's values, in the order of AUDIT_COLUMNS. */
function recordValues(entry: AuditEntry, outcome: AuditOutcome, refusal?: Refusal): unknown[] {
  return [
    entry.actor.id,
    entry.action,
    entry.resourceType,
    entry.resourceId,
    entry.subjectId,
    outcome,
    entry.fields ? JSON.stringify(entry.fields) : null,
    entry.actor.deviceId,
    refusal?.status ?? null,
    refusal?.route ?? null,
    refusal?.repeats ?? null,
    refusal?.source ?? null,
  ];
}

const AUDIT_COLUMNS =
  'actor_id, action, resource_type, resource_id, subject_id, outcome, fields, device_id, status, route, repeats, source';
const COLUMN_COUNT = 12;
/** The `fields` column's place among them: JSON text, cast. */
const FIELDS_COLUMN = 7;

/** `INSERT INTO audit_log` of `rows` records, their values numbered one after another. */
function insertSql(rows: number): string {
  const tuples = Array.from({ length: rows }, (_, row) => {
    const places = Array.from({ length: COLUMN_COUNT }, (_, column) => {
      const place = `$${row * COLUMN_COUNT + column + 1}`;
      return column + 1 === FIELDS_COLUMN ? `${place}::jsonb` : place;
    });
    return `(${places.join(', ')})`;
  });
  return `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ${tuples.join(', ')}`;
}

/** Writes one record with the change it tells of, in that change's transaction. */
export async function insertAuditRecord(db: Queryable, entry: AuditEntry, outcome: AuditOutcome): Promise<void> {
  await db.query(insertSql(1), recordValues(entry, outcome));
}

interface QueuedRecord {
  values: unknown[];
  stored: () => void;
  failed: (error: unknown) => void;
}

/** Records waiting for the next write of the trail, per database; `writing` while one is under way. */
const queues = new WeakMap<Queryable, { waiting: QueuedRecord[]; writing: boolean }>();
/** At most this many records in one statement (twelve parameters each, far below PostgreSQL's limit). */
const MOST_RECORDS_PER_WRITE = 200;

/**
 * Writes a record that has no transaction of its own (a read's success, a
 * failure, a refusal). Records that arrive while the trail is being written go
 * in its next write, in one statement: under load, one write a turn rather
 * than one a request. The caller still waits until its record is stored, so
 * an answer never leaves before its record. The chain (migration 006) links
 * the rows of one statement in order, as it links single ones.
 */
export function recordOnItsOwn(
  db: Queryable,
  entry: AuditEntry,
  outcome: AuditOutcome,
  refusal?: Refusal,
): Promise<void> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], writing: false };
    queues.set(db, queue);
  }
  const stored = new Promise<void>((resolve, reject) => {
    queue.waiting.push({ values: recordValues(entry, outcome, refusal), stored: resolve, failed: reject });
  });
  if (!queue.writing) void writeQueued(db, queue);
  return stored;
}

async function writeQueued(db: Queryable, queue: { waiting: QueuedRecord[]; writing: boolean }): Promise<void> {
  queue.writing = true;
  // The records of requests answered in this same turn join the first write.
  await new Promise((resolve) => setImmediate(resolve));
  while (queue.waiting.length > 0) {
    const batch = queue.waiting.splice(0, MOST_RECORDS_PER_WRITE);
    try {
      await writeRecords(db, batch);
    } catch {
      // One record the database refuses must not fail the others: each is written alone, and only it fails.
      for (const record of batch) await writeRecords(db, [record]).catch(record.failed);
    }
  }
  queue.writing = false;
}

async function writeRecords(db: Queryable, records: QueuedRecord[]): Promise<void> {
  await db.query(
    insertSql(records.length),
    records.flatMap((record) => record.values),
  );
  for (const record of records) record.stored();
}

/** Marks an error whose failure an audited operation has recorded already. */
const RECORDED = Symbol('thrive.audit.recorded');

export function markRecorded(error: unknown): void {
  if (typeof error === 'object' && error !== null) Object.defineProperty(error, RECORDED, { value: true });
}

/** Whether an operation's audit record already tells of this error. */
export function isRecorded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RECORDED in error;
}

export function outcomeOf(error: unknown): AuditOutcome {
  // A second request with a key another one just used: answered as that one's retry.
  if (error instanceof KeyTakenMeanwhile) return 'conflict';
  if (!(error instanceof HttpProblem)) return 'error';
  switch (error.status) {
    case 400:
      return 'invalid';
    case 403:
      return 'denied';
    case 404:
      return 'not_found';
    case 409:
    case 412:
      return 'conflict';
    default:
      return error.status < 500 ? 'invalid' : 'error';
  }
}
