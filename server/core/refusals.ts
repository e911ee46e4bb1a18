/**
 * Requests refused before any operation ran (a missing or bad token, a body
 * that breaks the contract, too large, the wrong method or type, too many
 * requests), in the audit trail: who (or 'anonymous' and the address it came
 * from), from which device, which route and how it was refused; never the
 * request's values.
 *
 * Refusals alike are counted, not written one by one: the first of a source,
 * status and route is written at once, and those that follow within a minute
 * are written as one record saying how many they were when the minute is up.
 * A flood is then two records a minute per source and route, not one per
 * request, each taking its turn at the chain's lock (migration 017).
 */
import type { Queryable } from '../db/database.ts';
import type { Actor } from './actor.ts';
import { recordOnItsOwn, type AuditEntry, type Refusal } from './audit-trail.ts';
import type { AuditOutcome } from './contract-types.ts';
import { logError } from './log.ts';

const REFUSAL_OUTCOMES: Readonly<Record<number, AuditOutcome>> = {
  400: 'invalid',
  401: 'unauthenticated',
  405: 'invalid',
  413: 'invalid',
  415: 'invalid',
  422: 'invalid',
  428: 'invalid',
  429: 'rate_limited',
};

/** How long refusals alike are counted into one record, unless the API is told otherwise. */
export const REFUSAL_WINDOW_MS = 60_000;

interface Tally {
  entry: AuditEntry;
  outcome: AuditOutcome;
  refusal: Refusal;
  /** Refusals after the first, not yet written. */
  more: number;
  timer: ReturnType<typeof setTimeout>;
}

/** The open tallies, per database (a test's in-process API has its own). */
const tallies = new WeakMap<Queryable, Map<string, Tally>>();

export interface RequestRefusal {
  actor: Actor | null;
  status: number;
  route: string;
  /** The client's address. */
  address: string | null;
}

/** `windowMs` 0: every refusal its own record (a test suite reading its own refusals one by one). */
export async function recordRefusal(
  db: Queryable,
  request: RequestRefusal,
  windowMs: number = REFUSAL_WINDOW_MS,
): Promise<void> {
  const outcome = REFUSAL_OUTCOMES[request.status];
  if (!outcome) return;
  const actor = request.actor ?? { id: 'anonymous', role: 'NO_ROLE', deviceId: null, idempotency: null };
  // Someone signed in is named by its id; someone who is not, by where it came from.
  const source = request.actor ? null : (request.address?.slice(0, 64) ?? null);
  const key = [actor.id, source ?? '', request.status, request.route].join('|');
  const refusal: Refusal = { status: request.status, route: request.route, source };
  if (windowMs === 0) return recordOnItsOwn(db, refusalEntry(actor), outcome, refusal);
  let open = tallies.get(db);
  if (!open) {
    open = new Map();
    tallies.set(db, open);
  }
  const tally = open.get(key);
  if (tally) {
    tally.more += 1;
    return;
  }
  const entry = refusalEntry(actor);
  const timer = setTimeout(() => void closeTally(db, key), windowMs);
  timer.unref();
  open.set(key, { entry, outcome, refusal, more: 0, timer });
  await recordOnItsOwn(db, entry, outcome, refusal);
}

function refusalEntry(actor: Actor): AuditEntry {
  return { actor, action: 'requests.refused', resourceType: 'request', resourceId: null, subjectId: null };
}

/** Writes what a tally counted after its first refusal, and closes it. */
async function closeTally(db: Queryable, key: string): Promise<void> {
  const open = tallies.get(db);
  const tally = open?.get(key);
  if (!open || !tally) return;
  open.delete(key);
  clearTimeout(tally.timer);
  if (tally.more === 0) return;
  await recordOnItsOwn(db, tally.entry, tally.outcome, { ...tally.refusal, repeats: tally.more }).catch(
    (error: unknown) => logError({ event: 'Writing a count of refusals failed' }, error),
  );
}

/** Writes every open count now: at shutdown, before the database closes. */
export async function closeRefusalTallies(db: Queryable): Promise<void> {
  await Promise.all([...(tallies.get(db)?.keys() ?? [])].map((key) => closeTally(db, key)));
}
