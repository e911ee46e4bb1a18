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
import { startCourier, startSending, type Courier, type CourierEnvironment } from './delivery';
import { itemMaker, withLatestSave, withResolution, withRetry } from './edits';
import { countsOf, type NewChange, type OutboxCounts, type OutboxItem, type SendAnswer } from './model';

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

const EMPTY: OutboxSnapshot = Object.freeze({
  author: null,
  items: [],
  counts: { waiting: 0, failed: 0, conflict: 0, total: 0 },
});

function snapshotOf(author: string | null, items: readonly OutboxItem[]): OutboxSnapshot {
  return { author, items, counts: countsOf(items) };
}

/** Opens an author's list: sealed on the device under their data key, or in memory on a kiosk. */
function storeOpener(env: OutboxEnvironment): (author: string) => Promise<OutboxStore> {
  /** Kiosk lists, per author, for as long as the page lives. */
  const memoryStores = new Map<string, OutboxStore>();
  return async (author) => {
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
  };
}

/** How a change's first attempt ended (see `settled` below). */
function settledOf(
  id: string,
  snapshot: () => OutboxSnapshot,
  listeners: Set<() => void>,
  isOnline: () => boolean,
): Promise<'delivered' | 'held' | 'waiting'> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const item = snapshot().items.find((it) => it.id === id);
      if (!item) resolve('delivered');
      else if (item.state === 'failed' || item.state === 'conflict') resolve('held');
      else if (!isOnline() || (item.state === 'waiting' && item.attempts > 0)) resolve('waiting');
      else return false;
      return true;
    };
    if (check()) return;
    const listener = () => {
      if (check()) listeners.delete(listener);
    };
    listeners.add(listener);
  });
}

export function createOutbox(env: OutboxEnvironment) {
  const now = env.now ?? Date.now;
  let snapshot: OutboxSnapshot = EMPTY;
  const listeners = new Set<() => void>();
  let active: { author: string; store: OutboxStore; wake: () => void; stop: () => void } | null = null;
  let following: Promise<void> = Promise.resolve();

  function publish(author: string | null, items: readonly OutboxItem[]): void {
    snapshot = snapshotOf(author, items);
    listeners.forEach((listener) => listener());
  }

  const openStore = storeOpener(env);

  /** Re-reads the list after any change (this tab's or another's) and shows it. */
  async function refresh(): Promise<void> {
    const current = active;
    if (!current) return;
    const items = await current.store.load();
    if (active === current) publish(current.author, items);
  }

  /** Couriers at work, by author. */
  const couriers = new Map<string, Courier>();

  function startCourierFor(author: string, store: OutboxStore, credential: string, courier: CourierEnvironment) {
    couriers.set(
      author,
      startCourier(author, store, credential, {
        ...env,
        now,
        courier,
        onDelivered: env.onDeliveredForOthers ?? env.onDelivered,
        onEnd: () => {
          if (couriers.get(author)?.store === store) couriers.delete(author);
        },
      }),
    );
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
        startCourierFor(leaving.author, leaving.store, credential, env.courier);
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
    const sending = startSending(author, store, {
      ...env,
      now,
      show: (items) => {
        if (active?.store === store) publish(author, items);
      },
      refresh,
    });
    const offOtherTabs = store.subscribe(() => {
      void refresh();
      sending.wake();
    });
    active = {
      author,
      store,
      wake: sending.wake,
      stop: () => {
        offOtherTabs();
        sending.stop();
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
    current.wake();
  }

  const itemOf = itemMaker(now);

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
      const item = itemOf(author, next);
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
      const fresh = itemOf(author, next);
      let saved = fresh;
      await change((items) => {
        const latest = withLatestSave(items, next, fresh);
        saved = latest.saved;
        return latest.items;
      });
      return saved;
    },
    /** Sends a failed change again (the person fixed what was wrong, or the server may now accept it). */
    retry: (id: string) => change((items) => withRetry(items, id)),
    discard: (id: string) => change((items) => items.filter((item) => item.id !== id)),
    /**
     * Settles a conflict field by field: a new change with the values the
     * person kept, made on the record as the server holds it now (a new
     * Idempotency-Key: it is a new request). Nothing left to send removes it.
     */
    resolve: async (id: string, keepMine: ReadonlySet<string>) => {
      const { resolvedBody } = await import('./merge');
      await change((items) => withResolution(items, id, (item, current) => resolvedBody(item, keepMine, current)));
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
    sendNow: () => active?.wake(),
    /**
     * How a change's first attempt ended: 'delivered' (the server has it),
     * 'held' (refused, or in conflict: it waits for the person), or 'waiting'
     * (offline, or the server was not reached: it will be sent later).
     */
    settled: (id: string) => settledOf(id, () => snapshot, listeners, env.isOnline),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
