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
 * - A courier delivers for an author who signed out with changes unsent (a
 *   nurse handing the tablet over at the bay): at sign-out the author's own
 *   credential is kept, sealed, in their store, and their changes are sent
 *   with their own access token while the next person works, never shown to
 *   them. Once all are delivered the credential is revoked and forgotten; if
 *   it is refused, the changes wait for the author's next sign-in here.
 * - The courier works only while the page lives: the author's store is sealed
 *   under their data key, which only their password unwraps and which this
 *   page holds in memory. After a reload or a restart their changes wait,
 *   sealed, for the author to unlock or sign in here again; the next person
 *   is told nothing of them.
 */
import { createMemoryStore, openDeviceStore, type OutboxStore } from './store';
import type { PumpResult, SenderOptions } from './sender';
import { countsOf, inOrder, type NewChange, type OutboxCounts, type OutboxItem, type SendAnswer } from './model';

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
  /** The author's data key, held while they are signed in and unlocked on this page (where the list persists). */
  keyOf?: (author: string) => CryptoKey | undefined;
  isOnline: () => boolean;
  subscribeToOnline: (listener: () => void) => () => void;
  send: (item: OutboxItem) => Promise<SendAnswer>;
  onDelivered: (item: OutboxItem, body: unknown) => void | Promise<void>;
  /** A courier delivered a change of someone signed out: what shows it is out of date, but nothing is fetched for them. */
  onDeliveredForOthers?: (item: OutboxItem) => void | Promise<void>;
  /** Delivery for authors who signed out with changes unsent; without it their changes wait for them. */
  courier?: CourierEnvironment;
  now?: () => number;
}

export interface CourierEnvironment {
  /** The signed-in author's credential for delivering after they sign out, or null when there is none. */
  capture: () => Promise<string | null>;
  /** Sends with the credential holder's own access token; `rotated` hears of the credential that replaces it. */
  sender: (credential: string, rotated: (next: string) => void) => (item: OutboxItem) => Promise<SendAnswer>;
  /** Ends a credential no longer needed. */
  release: (credential: string) => Promise<void>;
}

const EMPTY: OutboxSnapshot = Object.freeze({
  author: null,
  items: [],
  counts: { waiting: 0, failed: 0, conflict: 0, total: 0 },
});

function snapshotOf(author: string | null, items: readonly OutboxItem[]): OutboxSnapshot {
  return { author, items, counts: countsOf(items) };
}

/** The sending machinery (and its merge), loaded once there is something to send, not with the first screen. */
async function newSender(options: SenderOptions) {
  const { createSender } = await import('./sender');
  return createSender(options);
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
    if (env.persists) {
      const key = env.keyOf?.(author);
      if (!key) throw new Error('Thrive: the unsent changes are locked until their author unlocks them.');
      return openDeviceStore(author, key);
    }
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
    // Every step of sending shows at once (a change taken for sending, delivered, failed), not only when it rests.
    const showing: OutboxStore = {
      ...store,
      update: async (edit) => {
        const items = await store.update(edit);
        if (active?.store === store) publish(author, items);
        return items;
      },
    };
    const sender = newSender({
      store: showing,
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
          result = await (await sender).pump();
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

  /** Couriers at work, by author. */
  const couriers = new Map<string, { store: OutboxStore; standDown: () => Promise<void> }>();
  /**
   * Delivers a signed-out author's changes with their own credential, in the
   * background, as long as the page lives (its open store holds their key): one sender per author per device
   * (the same Web Lock), retries like the author's own sending, and stops
   * when all are delivered (the credential released) or the credential is
   * refused (the changes wait for the author).
   */
  function startCourier(author: string, store: OutboxStore, credential: string, courier: CourierEnvironment): void {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let nudge: () => void = () => undefined;
    let current = credential;
    const sender = newSender({
      store,
      now,
      send: courier.sender(credential, (next) => {
        current = next;
        void store.setCredential(next);
      }),
      onDelivered: env.onDeliveredForOthers ?? env.onDelivered,
    });
    const loop = async () => {
      while (!stopped) {
        if (env.isOnline()) {
          const result = await (await sender).pump();
          if (stopped) break;
          if ((await store.load()).length === 0) {
            await store.setCredential(null);
            await courier.release(current);
            break;
          }
          // Refused: only the author's next sign-in on this device sends these.
          if (result.signedOut) {
            await store.setCredential(null);
            break;
          }
          await new Promise<void>((resolve) => {
            nudge = resolve;
            if (result.nextAttemptAt != null) timer = setTimeout(resolve, Math.max(0, result.nextAttemptAt - now()));
          });
        } else {
          await new Promise<void>((resolve) => {
            nudge = resolve;
          });
        }
        clearTimeout(timer);
      }
    };
    const offOnline = env.subscribeToOnline(() => nudge());
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    const running = (locks && env.persists ? locks.request(`thrive-outbox-sender:${author}`, loop) : loop()).finally(
      () => {
        offOnline();
        if (couriers.get(author)?.store === store) couriers.delete(author);
        if (!stopped && env.persists) store.close();
      },
    ) as Promise<void>;
    couriers.set(author, {
      store,
      // The author is back on this device: their own session sends from now on.
      standDown: async () => {
        stopped = true;
        nudge();
        await running.catch(() => undefined);
        const left = await store.getCredential();
        if (left !== null) {
          await store.setCredential(null);
          await courier.release(left);
        }
        if (env.persists) store.close();
      },
    });
  }

  async function follow(author: string | null): Promise<void> {
    if (active?.author === author) return;
    if (active) {
      const leaving = active;
      leaving.stop();
      active = null;
      publish(null, []);
      const credential = env.courier ? await leaving.store.getCredential() : null;
      if (env.courier && credential !== null && (await leaving.store.load()).length > 0) {
        startCourier(leaving.author, leaving.store, credential, env.courier);
      } else {
        if (credential !== null) {
          await leaving.store.setCredential(null);
          await env.courier?.release(credential);
        }
        if (env.persists) leaving.store.close();
      }
    }
    if (author === null) return;
    await couriers.get(author)?.standDown();
    const store = await openStore(author);
    // Back on this device: the author's own session sends; a credential left from a hand-over is ended.
    const left = env.courier ? await store.getCredential() : null;
    if (left !== null) {
      await store.setCredential(null);
      void env.courier?.release(left);
    }
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

  /** When the last change was made here: changes made in the same millisecond keep the order they were made in. */
  let lastMade = 0;

  function newItem(author: string, change: NewChange): OutboxItem {
    lastMade = Math.max(now(), lastMade + 1);
    return {
      id: crypto.randomUUID(),
      author,
      record: change.record,
      request: change.request,
      version: change.version,
      ...(change.unconditional ? { unconditional: true } : {}),
      base: change.base,
      label: change.label,
      fieldLabels: change.fieldLabels,
      link: change.link ?? null,
      refresh: change.refresh ?? [],
      createdAt: lastMade,
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
    async start(): Promise<void> {
      await followSession();
    },
    /** Resolves once the list of whoever the session now names is loaded (after an unlock, before any screen shows). */
    ready: (): Promise<void> => following,
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
    /**
     * Keeps the latest state of a document edited as a whole (a visit draft,
     * saved as the person types): it replaces the record's last unsent save
     * when that one was never sent, so an hour offline is one request, not
     * hundreds; otherwise it follows it. A save that was tried once keeps its
     * body, since the server may have it under its key.
     */
    async saveLatest(next: NewChange): Promise<OutboxItem> {
      await following;
      const author = active?.author;
      if (!author) throw new Error('Thrive: there is no signed-in author for this change.');
      let saved = newItem(author, next);
      await change((items) => {
        const last = inOrder(items.filter((item) => item.record === next.record)).at(-1);
        const replaceable =
          last !== undefined &&
          last.state === 'waiting' &&
          last.attempts === 0 &&
          last.request.method === next.request.method &&
          last.request.path === next.request.path;
        if (!replaceable) return [...items, saved];
        saved = {
          ...last,
          request: next.request,
          label: next.label,
          fieldLabels: next.fieldLabels,
          link: next.link ?? last.link,
          refresh: next.refresh ?? last.refresh,
        };
        return items.map((item) => (item.id === last.id ? saved : item));
      });
      return saved;
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
    resolve: async (id: string, keepMine: ReadonlySet<string>) => {
      const { resolvedBody } = await import('./merge');
      await change((items) =>
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
      );
    },
    /**
     * Called just before the author signs out: with changes still unsent, their
     * own credential is kept with them, so a courier can deliver them after the
     * sign-out. Resolves to whether it was.
     */
    async handOver(): Promise<boolean> {
      await following;
      const current = active;
      if (!current || !env.courier || (await current.store.load()).length === 0) return false;
      const credential = await env.courier.capture();
      if (credential === null) return false;
      await current.store.setCredential(credential);
      return true;
    },
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
