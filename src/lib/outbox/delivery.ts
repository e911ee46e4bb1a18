/**
 * Who sends the unsent changes, and when: the signed-in author's own sending loop, and the courier that delivers
 * for an author who signed out with changes unsent. Both hold the author's sender lock (one Web Lock per author per
 * device), send what may go, and sleep until something changes: a new change, the network, a retry time.
 */
import type { PumpResult, SenderOptions } from './sender';
import type { OutboxStore } from './store';
import type { OutboxItem, SendAnswer } from './model';

/** The sending machinery (and its merge), loaded once there is something to send, not with the first screen. */
async function newSender(options: SenderOptions) {
  const { createSender } = await import('./sender');
  return createSender(options);
}

/** Where the store persists, sending takes the author's lock, so one tab of the device sends at a time. */
async function underSenderLock(author: string, persists: boolean, loop: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && persists) await locks.request(`thrive-outbox-sender:${author}`, loop);
  else await loop();
}

/** Sleeps until `nudged` is called, or until the retry time, if there is one. */
function pause(now: () => number, nextAttemptAt: number | null, nudged: (wake: () => void) => void): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<void>((resolve) => {
    nudged(resolve);
    if (nextAttemptAt != null) timer = setTimeout(resolve, Math.max(0, nextAttemptAt - now()));
  }).finally(() => clearTimeout(timer));
}

export interface CourierEnvironment {
  /** The signed-in author's credential for delivering after they sign out, or null when there is none. */
  capture: () => Promise<string | null>;
  /** Sends with the credential holder's own access token; `rotated` hears of the credential that replaces it. */
  sender: (credential: string, rotated: (next: string) => void) => (item: OutboxItem) => Promise<SendAnswer>;
  /** Ends a credential no longer needed. */
  release: (credential: string) => Promise<void>;
}

interface DeliveryEnvironment {
  now: () => number;
  persists: boolean;
  isOnline: () => boolean;
  subscribeToOnline: (listener: () => void) => () => void;
}

export interface SendingEnvironment extends DeliveryEnvironment {
  currentUser: () => string | null;
  send: (item: OutboxItem) => Promise<SendAnswer>;
  onDelivered: (item: OutboxItem, body: unknown) => void | Promise<void>;
  /** Every step of sending (a change taken, delivered, failed) as it happens. */
  show: (items: readonly OutboxItem[]) => void;
  /** Re-reads the list after a round of sending. */
  refresh: () => Promise<void>;
}

/** The signed-in author's sending: `wake` sends at once what may go; `stop` ends it. */
export interface Sending {
  wake: () => void;
  stop: () => void;
}

/**
 * The sending loop of the tab that holds the author's sender lock: send what
 * may go, then sleep until something changes (a new change, the network, a
 * retry time, the session).
 */
export function startSending(author: string, store: OutboxStore, env: SendingEnvironment): Sending {
  let stopped = false;
  let wake: () => void = () => undefined;
  const showing: OutboxStore = {
    ...store,
    update: async (edit) => {
      const items = await store.update(edit);
      env.show(items);
      return items;
    },
  };
  const sender = newSender({
    store: showing,
    now: env.now,
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
        await env.refresh();
      }
      if (stopped) break;
      await pause(env.now, result?.nextAttemptAt ?? null, (resolve) => (wake = resolve));
    }
  };
  // The other tabs queue for the lock and take over when it is released.
  void underSenderLock(author, env.persists, loop);
  const offOnline = env.subscribeToOnline(() => wake());
  return {
    wake: () => wake(),
    stop: () => {
      stopped = true;
      offOnline();
      wake();
    },
  };
}

export interface CourierDeliveryEnvironment extends DeliveryEnvironment {
  courier: CourierEnvironment;
  onDelivered: (item: OutboxItem, body: unknown) => void | Promise<void>;
  /** The courier has stopped on its own: everything delivered, or its credential refused. */
  onEnd: () => void;
}

/** A courier at work: `standDown` stops it once the author is back on this device. */
export interface Courier {
  store: OutboxStore;
  standDown: () => Promise<void>;
}

/**
 * Delivers a signed-out author's changes with their own credential, in the
 * background, as long as the page lives (its open store holds their key): one sender per author per device
 * (the same Web Lock), retries like the author's own sending, and stops
 * when all are delivered (the credential released) or the credential is
 * refused (the changes wait for the author).
 */
export function startCourier(
  author: string,
  store: OutboxStore,
  credential: string,
  env: CourierDeliveryEnvironment,
): Courier {
  let stopped = false;
  let nudge: () => void = () => undefined;
  let current = credential;
  const sender = newSender({
    store,
    now: env.now,
    send: env.courier.sender(credential, (next) => {
      current = next;
      void store.setCredential(next);
    }),
    onDelivered: env.onDelivered,
  });
  const loop = async () => {
    while (!stopped) {
      if (!env.isOnline()) {
        await pause(env.now, null, (resolve) => (nudge = resolve));
        continue;
      }
      const result = await (await sender).pump();
      if (stopped) break;
      if ((await store.load()).length === 0) {
        await store.setCredential(null);
        await env.courier.release(current);
        break;
      }
      // Refused: only the author's next sign-in on this device sends these.
      if (result.signedOut) {
        await store.setCredential(null);
        break;
      }
      await pause(env.now, result.nextAttemptAt, (resolve) => (nudge = resolve));
    }
  };
  const offOnline = env.subscribeToOnline(() => nudge());
  const running = underSenderLock(author, env.persists, loop).finally(() => {
    offOnline();
    env.onEnd();
    if (!stopped && env.persists) store.close();
  });
  return {
    store,
    // The author is back on this device: their own session sends from now on.
    standDown: async () => {
      stopped = true;
      nudge();
      await running.catch(() => undefined);
      const left = await store.getCredential();
      if (left !== null) {
        await store.setCredential(null);
        await env.courier.release(left);
      }
      if (env.persists) store.close();
    },
  };
}
