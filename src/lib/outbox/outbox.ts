/**
 * The outbox of this page: the signed-in author's unsent changes, kept apart
 * from the query cache (no build id, no maxAge, no sign-out deletes them) and
 * sent by one tab of the device at a time.
 *
 * - It follows the session: when the author signs out (by the button, idle, a
 *   refused refresh) their changes stay on the device, unseen and unsent, and
 *   come back when they sign in again here. Another user never sees or sends
 *   them.
 * - One tab per device sends (a Web Lock per author): it sends when the
 *   device is online, when a change is added in any tab, when a retry is due,
 *   and when the network returns.
 */
import { createMemoryStore, openDeviceStore, type OutboxStore } from './store';
import { createSender, type PumpResult } from './sender';
import { countsOf, resolvedBody, type NewChange, type OutboxCounts, type OutboxItem, type SendAnswer } from './model';

export interface OutboxSnapshot {
  /** Whose changes these are; null while nobody is signed in. */
  author: string | null;
  items: readonly OutboxItem[];
  counts: OutboxCounts;
}

export interface OutboxEnvironment {
  /** The signed-in username, or null. */
  currentUser: () => string | null;
  subscribeToSession: (listener: () => void) => () => void;
  /** Kiosks keep the list in memory only. */
  persists: boolean;
  isOnline: () => boolean;
  subscribeToOnline: (listener: () => void) => () => void;
  send: (item: OutboxItem) => Promise<SendAnswer>;
  onDelivered: (item: OutboxItem, body: unknown) => void | Promise<void>;
  now?: () => number;
}

const EMPTY: OutboxSnapshot = Object.freeze({
  author: null,
  items: [],
  counts: { waiting: 0, failed: 0, conflict: 0, total: 0 },
});

function snapshotOf(author: string | null, items: readonly OutboxItem[]): OutboxSnapshot {
  return { author, items, counts: countsOf(items) };
}

export function createOutbox(env: OutboxEnvironment) {
  const now = env.now ?? Date.now;
  let snapshot: OutboxSnapshot = EMPTY;
  const listeners = new Set<() => void>();
  /** Kiosk lists, per author, for as long as the page lives. */
  const memoryStores = new Map<string, OutboxStore>();
  let active: { author: string; store: OutboxStore; stop: () => void } | null = null;
  let following: Promise<void> = Promise.resolve();
  let wake: () => void = () => undefined;

  function publish(author: string | null, items: readonly OutboxItem[]): void {
    snapshot = snapshotOf(author, items);
    listeners.forEach((listener) => listener());
  }

  async function openStore(author: string): Promise<OutboxStore> {
    if (env.persists) return openDeviceStore(author);
    let store = memoryStores.get(author);
    if (!store) {
      store = createMemoryStore();
      memoryStores.set(author, store);
    }
    return store;
  }

  /** Re-reads the list after any change (this tab's or another's) and shows it. */
  async function refresh(): Promise<void> {
    const current = active;
    if (!current) return;
    const items = await current.store.load();
    if (active === current) publish(current.author, items);
  }

  /**
   * The sending loop of the tab that holds the author's sender lock: send what
   * may go, then sleep until something changes (a new change, the network, a
   * retry time, the session).
   */
  function startSending(author: string, store: OutboxStore): () => void {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sender = createSender({
      store,
      now,
      send: (item) =>
        // Only the author's own session sends the author's changes.
        env.currentUser() === author
          ? env.send(item)
          : Promise.resolve({ status: 401, body: null, problem: null, message: 'Signed out' }),
      onDelivered: env.onDelivered,
    });
    const loop = async () => {
      while (!stopped) {
        let result: PumpResult | null = null;
        if (env.isOnline() && env.currentUser() === author) {
          result = await sender.pump();
          await refresh();
        }
        if (stopped) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (result?.nextAttemptAt != null) timer = setTimeout(resolve, Math.max(0, result.nextAttemptAt - now()));
        });
        clearTimeout(timer);
      }
    };
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks && env.persists) {
      // One sender per device and author; the other tabs queue for the lock and take over when it is released.
      void locks.request(`thrive-outbox-sender:${author}`, () => loop());
    } else {
      void loop();
    }
    const offOnline = env.subscribeToOnline(() => wake());
    return () => {
      stopped = true;
      offOnline();
      wake();
    };
  }

  async function follow(author: string | null): Promise<void> {
    if (active?.author === author) return;
    if (active) {
      active.stop();
      if (env.persists) active.store.close();
      active = null;
      publish(null, []);
    }
    if (author === null) return;
    const store = await openStore(author);
    const offOtherTabs = store.subscribe(() => {
      void refresh();
      wake();
    });
    const stopSending = startSending(author, store);
    active = {
      author,
      store,
      stop: () => {
        offOtherTabs();
        stopSending();
      },
    };
    await refresh();
  }

  /** Session changes are followed in order: a sign-out's close is never overtaken by the next sign-in. */
  function followSession(): Promise<void> {
    const author = env.currentUser();
    following = following
      .then(() => follow(author))
      .catch((error: unknown) => {
        console.warn('Thrive: the unsent changes could not be opened', error);
      });
    return following;
  }

  async function change(edit: (items: OutboxItem[]) => OutboxItem[]): Promise<void> {
    await following;
    const current = active;
    if (!current) throw new Error('Thrive: there is no signed-in author for this change.');
    const items = await current.store.update(edit);
    if (active === current) publish(current.author, items);
    wake();
  }

  function newItem(author: string, change: NewChange): OutboxItem {
    return {
      id: crypto.randomUUID(),
      author,
      record: change.record,
      request: change.request,
      version: change.version,
      base: change.base,
      label: change.label,
      fieldLabels: change.fieldLabels,
      link: change.link ?? null,
      refresh: change.refresh ?? [],
      createdAt: now(),
      state: 'waiting',
      attempts: 0,
      notBefore: 0,
      reason: null,
      current: null,
    };
  }

  env.subscribeToSession(() => void followSession());

  return {
    /** Starts following the session; resolves once the signed-in author's list is loaded. */
    start: followSession,
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Adds a change made by the signed-in person; it shows at once and is sent when it can be. */
    async enqueue(next: NewChange): Promise<OutboxItem> {
      await following;
      const author = active?.author;
      if (!author) throw new Error('Thrive: there is no signed-in author for this change.');
      const item = newItem(author, next);
      await change((items) => [...items, item]);
      return item;
    },
    /** Sends a failed change again (the person fixed what was wrong, or the server may now accept it). */
    retry: (id: string) =>
      change((items) =>
        items.map((item) =>
          item.id === id ? { ...item, state: 'waiting', attempts: 0, notBefore: 0, reason: null } : item,
        ),
      ),
    discard: (id: string) => change((items) => items.filter((item) => item.id !== id)),
    /**
     * Settles a conflict field by field: a new change with the values the
     * person kept, made on the record as the server holds it now (a new
     * Idempotency-Key: it is a new request). Nothing left to send removes it.
     */
    resolve: (id: string, keepMine: ReadonlySet<string>) =>
      change((items) =>
        items.flatMap((item) => {
          if (item.id !== id || !item.current) return [item];
          const body = resolvedBody(item, keepMine, item.current);
          if (body === null) return [];
          const version = typeof item.current.version === 'number' ? item.current.version : item.version;
          const base = Object.fromEntries(Object.keys(body).map((field) => [field, item.current?.[field]]));
          return [
            {
              ...item,
              id: crypto.randomUUID(),
              request: { ...item.request, body },
              version,
              base,
              state: 'waiting' as const,
              attempts: 0,
              notBefore: 0,
              reason: null,
              current: null,
            },
          ];
        }),
      ),
    /** Wakes the sender (e.g. the person pressed 'Send now'). */
    sendNow: () => wake(),
    /**
     * How a change's first attempt ended: 'delivered' (the server has it),
     * 'held' (refused, or in conflict: it waits for the person), or 'waiting'
     * (offline, or the server was not reached: it will be sent later).
     */
    settled(id: string): Promise<'delivered' | 'held' | 'waiting'> {
      return new Promise((resolve) => {
        const check = (): boolean => {
          const item = snapshot.items.find((it) => it.id === id);
          if (!item) resolve('delivered');
          else if (item.state === 'failed' || item.state === 'conflict') resolve('held');
          else if (!env.isOnline() || (item.state === 'waiting' && item.attempts > 0)) resolve('waiting');
          else return false;
          return true;
        };
        if (check()) return;
        const listener = () => {
          if (check()) listeners.delete(listener);
        };
        listeners.add(listener);
      });
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
