/**
 * Sends an author's unsent changes, one at a time: the first change of each
 * record in the order they were made, each with its own Idempotency-Key, so
 * a change sent twice (a lost answer, a reload mid-send) is applied once. A
 * change leaves the list only when the server accepted it. A record whose
 * first change failed or conflicts holds its later changes back; other
 * records go on. It knows nothing of storage media, the network stack or the
 * session: those are handed in, which is how the fault tests drive it.
 */
import { rebasedBody } from './merge';
import { backoffMs, outcomeOf, sendable, versionOf, type OutboxItem, type SendAnswer } from './model';
import type { OutboxStore } from './store';

/** How often a change is sent again at once on a newer version before it is shown as a conflict. */
const MAX_AUTOMATIC_REBASES = 3;

export interface SenderOptions {
  store: OutboxStore;
  /** Sends one change (Idempotency-Key: item.id; If-Match: item.version). Never throws: no answer is status 0. */
  send: (item: OutboxItem) => Promise<SendAnswer>;
  now?: () => number;
  random?: () => number;
  /** The server has a change: refresh what shows it. */
  onDelivered?: (item: OutboxItem, body: unknown) => void | Promise<void>;
}

export interface PumpResult {
  /** The session ended: nothing more is sent until the author signs in again. */
  signedOut: boolean;
  /** When a change that waits for a retry may go, if any. */
  nextAttemptAt: number | null;
}

function replace(items: OutboxItem[], id: string, change: (item: OutboxItem) => OutboxItem): OutboxItem[] {
  return items.map((item) => (item.id === id ? change(item) : item));
}

/** Later changes of a record made on top of a change now accepted are carried on to its new version. */
function carryOn(items: OutboxItem[], delivered: OutboxItem, newVersion: number | null): OutboxItem[] {
  const rest = items.filter((item) => item.id !== delivered.id);
  if (newVersion === null) return rest;
  return rest.map((item) =>
    item.record === delivered.record && item.version === delivered.version && !item.unconditional
      ? { ...item, version: newVersion }
      : item,
  );
}

export function createSender({ store, send, now = Date.now, random = Math.random, onDelivered }: SenderOptions) {
  let running: Promise<PumpResult> | null = null;
  /**
   * By record, the last version step one of these changes made. A screen can
   * still show the old version for a moment after the change left the list
   * (its refetch is painted a little later), so a change made from it then is
   * carried on at sending, as `carryOn` does for the ones already waiting.
   */
  const stepped = new Map<string, { from: number | null; to: number }>();

  /**
   * The change as it goes: on the version this sender's own delivered changes
   * moved its record to. A removal made with no version is meant for whatever
   * the record is by then, and stays so.
   */
  function onOwnLatestVersion(item: OutboxItem): OutboxItem {
    const step = stepped.get(item.record);
    const carried = step && !item.unconditional && item.request.method !== 'delete' && item.version === step.from;
    return carried ? { ...item, version: step.to } : item;
  }

  async function sendOne(listed: OutboxItem): Promise<'go-on' | 'signed-out'> {
    // What goes is the change as stored when it is taken for sending (a draft may have grown since it was listed).
    const marked = await store.update((items) =>
      replace(items, listed.id, (it) => ({ ...onOwnLatestVersion(it), state: 'sending' })),
    );
    const item = marked.find((it) => it.id === listed.id);
    if (!item) return 'go-on';
    const answer = await send(item);
    const outcome = outcomeOf(item, answer);
    switch (outcome.kind) {
      case 'delivered': {
        // Screens refresh first, then the change leaves: what they show never steps back to the old value.
        // (Should the page go in between, the change is sent again and answered from the server's store.)
        await Promise.resolve(onDelivered?.(item, outcome.body)).catch(() => undefined);
        const newVersion = versionOf(outcome.body);
        if (newVersion !== null) stepped.set(item.record, { from: item.version, to: newVersion });
        await store.update((items) => carryOn(items, item, newVersion));
        return 'go-on';
      }
      case 'retry':
        await store.update((items) =>
          replace(items, item.id, (it) => ({
            ...it,
            state: 'waiting',
            attempts: it.attempts + 1,
            notBefore: now() + backoffMs(it.attempts + 1, random),
            reason: outcome.reason,
          })),
        );
        return 'go-on';
      case 'signed-out':
        await store.update((items) => replace(items, item.id, (it) => ({ ...it, state: 'waiting' })));
        return 'signed-out';
      case 'stale': {
        const { current, currentVersion } = outcome;
        const merged = current === null ? null : rebasedBody(item, current);
        await store.update((items) =>
          replace(items, item.id, (it) =>
            merged !== null && current !== null && currentVersion !== null && it.attempts < MAX_AUTOMATIC_REBASES
              ? // Others changed the record meanwhile, not where this change did: it goes again, merged, on their version.
                {
                  ...it,
                  state: 'waiting',
                  request: { ...it.request, body: merged },
                  version: currentVersion,
                  base: Object.fromEntries(Object.keys(merged).map((field) => [field, current[field]])),
                  attempts: it.attempts + 1,
                  reason: null,
                }
              : { ...it, state: 'conflict', reason: outcome.reason, current },
          ),
        );
        return 'go-on';
      }
      case 'conflict':
        await store.update((items) =>
          replace(items, item.id, (it) => ({ ...it, state: 'conflict', reason: outcome.reason, current: null })),
        );
        return 'go-on';
      case 'failed':
        await store.update((items) =>
          replace(items, item.id, (it) => ({ ...it, state: 'failed', reason: outcome.reason })),
        );
        return 'go-on';
    }
  }

  async function run(): Promise<PumpResult> {
    for (;;) {
      const items = await store.load();
      const [next] = sendable(items, now());
      if (!next) {
        // Changes held back behind one that needs the person do not count: they wait for the person, not for a time.
        const due = sendable(items, Number.POSITIVE_INFINITY).map((item) => item.notBefore);
        return { signedOut: false, nextAttemptAt: due.length > 0 ? Math.min(...due) : null };
      }
      if ((await sendOne(next)) === 'signed-out') return { signedOut: true, nextAttemptAt: null };
    }
  }

  return {
    /** Sends whatever may go now; resolves when nothing more can (all sent, waiting for a retry, or held back). */
    pump(): Promise<PumpResult> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
