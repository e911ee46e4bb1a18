/**
 * The outbox's records and rules, free of storage, network and React: what an
 * unsent change is, which change goes next, what an answer means for it, and
 * how a conflict is told from a change someone else made to other fields.
 */
import { canonicalJson, type Problem } from '@contract';
import type { ContractRequest } from './contract-request';

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

/** What a feature hands the outbox: the change (a write the contract defines, with its body), and how to show it. */
export type NewChange = Pick<OutboxItem, 'record' | 'version' | 'base' | 'label' | 'fieldLabels' | 'unconditional'> & {
  request: ContractRequest;
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
