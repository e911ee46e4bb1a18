/**
 * The outbox's records and rules, free of storage, network and React: what an
 * unsent change is, which change goes next, what an answer means for it, and
 * how a conflict is told from a change someone else made to other fields.
 */
import { canonicalJson, type Problem } from '@contract';

export type OutboxMethod = 'post' | 'put' | 'patch' | 'delete';

/** A request as the API client sends it: a contract path, its path parameters and body. */
export interface OutboxRequest {
  method: OutboxMethod;
  /** The contract's path template, e.g. `/users/user-profiles/{id}`. */
  path: string;
  pathParams: Readonly<Record<string, string>>;
  body?: unknown;
}

export type OutboxState = 'waiting' | 'sending' | 'failed' | 'conflict';

/** One change made on this device and not yet accepted by the server. */
export interface OutboxItem {
  /** Made on the device; also the request's Idempotency-Key, so a resend is never applied twice. */
  id: string;
  /** The username of who made it: only their own session ever sends it. */
  author: string;
  /** The record it changes ('profile:<id>'): changes of one record are sent in the order they were made. */
  record: string;
  request: OutboxRequest;
  /** The version of the record the change was made from (If-Match); null for a creation. */
  version: number | null;
  /** An addition that applies to any version (an addendum): sent without If-Match, whatever came before it. */
  unconditional?: boolean;
  /** The changed fields' values as they were when the change was made (for a conflict view). */
  base: Readonly<Record<string, unknown>> | null;
  /** What a person reads in the list of unsent changes, e.g. 'Profile of Priya Sharma'. */
  label: string;
  /** Field names as a person reads them, for the conflict view. */
  fieldLabels: Readonly<Record<string, string>>;
  /** The screen where the record is edited (a path in the app), for 'Open'. */
  link: string | null;
  /** Queries to refresh once the server has the change (query keys). */
  refresh: readonly (readonly unknown[])[];
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** When a waiting change may be sent again (after a failed attempt). */
  notBefore: number;
  /** Why it failed or conflicts, for the person who made it. */
  reason: string | null;
  /** With a conflict: the record as the server holds it now. */
  current: Readonly<Record<string, unknown>> | null;
}

/** What a feature hands the outbox: the change, and how to show it. */
export type NewChange = Pick<
  OutboxItem,
  'record' | 'request' | 'version' | 'base' | 'label' | 'fieldLabels' | 'unconditional'
> & {
  link?: string | null;
  refresh?: readonly (readonly unknown[])[];
};

/** How the server answered one send. */
export type SendOutcome =
  | { kind: 'delivered'; body: unknown }
  /** No answer, or the server failed (5xx, 429): try again later. */
  | { kind: 'retry'; reason: string }
  /** The session is over: wait until the author signs in again. */
  | { kind: 'signed-out' }
  /** 412: the record moved on; `current` is the record as it is now. */
  | { kind: 'stale'; current: Record<string, unknown> | null; currentVersion: number | null; reason: string }
  /** 409: the change no longer fits what the server holds. */
  | { kind: 'conflict'; reason: string }
  /** Any other refusal: the person must look at it. */
  | { kind: 'failed'; reason: string };

/** The answer to one request, as the sender sees it (status 0: no answer at all). */
export interface SendAnswer {
  status: number;
  body: unknown;
  problem: Problem | null;
  /** The refusal's own words, when there is one. */
  message: string;
}

export const OUTBOX_MESSAGES = {
  unreachable: 'The server could not be reached. It will be sent when the connection is back.',
  serverFailed: 'The server could not save it just now. It will be tried again shortly.',
  changedMeanwhile: 'Someone else changed this record after you started. Choose which values to keep.',
} as const;

function problemDetail(answer: SendAnswer): string {
  return answer.problem?.detail ?? answer.message;
}

/** What an answer means for the change that was sent. */
export function outcomeOf(item: Pick<OutboxItem, 'request'>, answer: SendAnswer): SendOutcome {
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'delivered', body: answer.body };
  // A removal the server no longer knows of has happened: what the person wanted is so.
  if (status === 404 && item.request.method === 'delete') return { kind: 'delivered', body: null };
  if (status === 0) return { kind: 'retry', reason: OUTBOX_MESSAGES.unreachable };
  if (status >= 500 || status === 429 || status === 408) return { kind: 'retry', reason: OUTBOX_MESSAGES.serverFailed };
  if (status === 401) return { kind: 'signed-out' };
  if (status === 412) {
    return {
      kind: 'stale',
      current: answer.problem?.current ?? null,
      currentVersion: answer.problem?.current_version ?? null,
      reason: OUTBOX_MESSAGES.changedMeanwhile,
    };
  }
  if (status === 409) return { kind: 'conflict', reason: problemDetail(answer) };
  return { kind: 'failed', reason: problemDetail(answer) };
}

/** Waits after the n-th failed attempt: 1 s, 2 s, 4 s ... up to 5 minutes, a little spread so devices do not sync up. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(1000 * 2 ** Math.max(0, attempts - 1), 5 * 60 * 1000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Changes in the order they were made. */
export function inOrder(items: readonly OutboxItem[]): OutboxItem[] {
  return [...items].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

/**
 * The changes that may be sent now: the first unsent change of each record,
 * unless it waits for a retry time or needs the person (failed, conflict):
 * then the record's later changes wait behind it, and other records go on.
 */
export function sendable(items: readonly OutboxItem[], now: number): OutboxItem[] {
  const firstOfRecord = new Map<string, OutboxItem>();
  for (const item of inOrder(items)) if (!firstOfRecord.has(item.record)) firstOfRecord.set(item.record, item);
  return [...firstOfRecord.values()].filter(
    (item) => (item.state === 'waiting' || item.state === 'sending') && item.notBefore <= now,
  );
}

/** The fields a change sets (its body's keys). */
export function changedFields(item: Pick<OutboxItem, 'request'>): string[] {
  const body = item.request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
}

/** JSON-equal: two values the server would store the same. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

/** One field of a conflict: what the person set, what the server holds now, and what both started from. */
export interface FieldConflict {
  field: string;
  label: string;
  mine: unknown;
  theirs: unknown;
  base: unknown;
}

/**
 * The fields someone else changed to another value since the change was made,
 * where the person changed them too (see mergeValue: lists of entries and
 * objects merge part by part, so only a part both changed counts). None means
 * the record moved on only where the person did not change it, or to the same
 * values: the change can go again, merged, on the current version.
 */
export function fieldConflicts(item: OutboxItem, current: Readonly<Record<string, unknown>>): FieldConflict[] {
  const mine = (item.request.body ?? {}) as Record<string, unknown>;
  return changedFields(item)
    .filter((field) => mergeValue(item.base?.[field], mine[field], current[field], field).conflicts.length > 0)
    .map((field) => ({
      field,
      label: item.fieldLabels[field] ?? field,
      mine: mine[field],
      theirs: current[field],
      base: item.base?.[field],
    }));
}

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEntryList(value: Json): value is ({ id: string } & Record<string, Json>)[] {
  return Array.isArray(value) && value.every((item) => isPlainObject(item) && typeof item.id === 'string');
}

/** The outcome of merging one value: the merged value, and the paths where both sides changed it differently. */
interface Merged {
  value: Json;
  conflicts: string[];
}

/**
 * Three-way merge of one value: what both started from (`base`), what the
 * person made of it (`mine`) and what the server holds now (`theirs`). Where
 * only one side changed something, that change is kept; objects merge key by
 * key, and lists of entries with ids (vitals, additives) entry by entry, so
 * two people adding entries to one list keep both. Only a part both changed
 * to different values is a conflict.
 */
export function mergeValue(base: Json, mine: Json, theirs: Json, path: string): Merged {
  if (sameValue(mine, theirs) || sameValue(mine, base)) return { value: theirs, conflicts: [] };
  if (sameValue(theirs, base)) return { value: mine, conflicts: [] };
  if (isPlainObject(mine) && isPlainObject(theirs) && (base === null || base === undefined || isPlainObject(base))) {
    const from = base ?? {};
    const value: Record<string, Json> = {};
    const conflicts: string[] = [];
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const merged = mergeValue(from[key], mine[key], theirs[key], `${path}.${key}`);
      if (merged.value !== undefined) value[key] = merged.value;
      conflicts.push(...merged.conflicts);
    }
    return { value, conflicts };
  }
  if (isEntryList(mine) && isEntryList(theirs) && (base === null || base === undefined || isEntryList(base))) {
    const from = new Map((base ?? []).map((entry) => [entry.id, entry]));
    const mineById = new Map(mine.map((entry) => [entry.id, entry]));
    const conflicts: string[] = [];
    const value: Json[] = [];
    for (const entry of theirs) {
      const original = from.get(entry.id);
      const own = mineById.get(entry.id);
      if (own === undefined && original !== undefined) {
        // The person removed it; gone unless the other side changed it meanwhile.
        if (!sameValue(entry, original)) {
          conflicts.push(`${path}.${entry.id}`);
          value.push(entry);
        }
        continue;
      }
      const merged = mergeValue(original, own ?? entry, entry, `${path}.${entry.id}`);
      conflicts.push(...merged.conflicts);
      value.push(merged.value);
    }
    const theirIds = new Set(theirs.map((entry) => entry.id));
    // Entries the person added (the server never had them) keep their place at the end.
    for (const entry of mine) if (!theirIds.has(entry.id) && !from.has(entry.id)) value.push(entry);
    return { value, conflicts };
  }
  return { value: mine, conflicts: [path] };
}

/**
 * A change made on an older version, carried onto the record as it is now:
 * the body merged field by field with what others changed meanwhile, or null
 * when someone else changed a part the person changed too (a conflict the
 * person resolves).
 */
export function rebasedBody(
  item: OutboxItem,
  current: Readonly<Record<string, unknown>>,
): Record<string, unknown> | null {
  const mine = (item.request.body ?? {}) as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const field of changedFields(item)) {
    const merged = mergeValue(item.base?.[field], mine[field], current[field], field);
    if (merged.conflicts.length > 0) return null;
    body[field] = merged.value;
  }
  return body;
}

/**
 * After a conflict is resolved field by field: the change that keeps the
 * person's choices, made on the server's current version. Fields where they
 * chose the server's value are left out; null when nothing of theirs is left.
 */
export function resolvedBody(
  item: OutboxItem,
  keepMine: ReadonlySet<string>,
  current: Readonly<Record<string, unknown>>,
): Record<string, unknown> | null {
  const mine = (item.request.body ?? {}) as Record<string, unknown>;
  // A PUT replaces the whole record: every field goes, the server's value where the person chose it.
  const whole = item.request.method === 'put';
  const body: Record<string, unknown> = {};
  let changes = false;
  for (const field of changedFields(item)) {
    const merged = mergeValue(item.base?.[field], mine[field], current[field], field);
    const value = merged.conflicts.length === 0 ? merged.value : keepMine.has(field) ? mine[field] : current[field];
    const differs = !sameValue(current[field], value);
    changes ||= differs;
    if (whole || differs) body[field] = value;
  }
  return changes ? body : null;
}

/** The version a record's answer carries (`version`), if it has one. */
export function versionOf(body: unknown): number | null {
  const version = (body as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : null;
}

export interface OutboxCounts {
  waiting: number;
  failed: number;
  conflict: number;
  total: number;
}

export function countsOf(items: readonly OutboxItem[]): OutboxCounts {
  const counts: OutboxCounts = { waiting: 0, failed: 0, conflict: 0, total: items.length };
  for (const item of items) {
    if (item.state === 'failed') counts.failed += 1;
    else if (item.state === 'conflict') counts.conflict += 1;
    else counts.waiting += 1;
  }
  return counts;
}

/**
 * The values a record shows while changes to it are unsent: the server's
 * record with each unsent change's fields laid over it, in order. Failed and
 * conflicting changes are included: they are the person's work until they
 * discard them.
 */
export function withUnsentChanges<T extends object>(record: T, items: readonly OutboxItem[], recordKey: string): T {
  let shown: T = record;
  for (const item of inOrder(items)) {
    if (item.record !== recordKey || item.request.method === 'delete') continue;
    const body = item.request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) shown = { ...shown, ...(body as Partial<T>) };
  }
  return shown;
}

/** The fields of a record that unsent changes set (to mark them 'not yet saved to the server'). */
export function unsentFields(items: readonly OutboxItem[], recordKey: string): Set<string> {
  const fields = new Set<string>();
  for (const item of items) if (item.record === recordKey) for (const field of changedFields(item)) fields.add(field);
  return fields;
}
