/**
 * Where an author's unsent changes are kept: on personal and shared devices
 * in IndexedDB, sealed with the author's data key, which only their password
 * unwraps (lib/storage/keyring.ts and vault.ts, a database of its own that no
 * sign-out and no cache rule deletes); on a kiosk in memory only. Tabs of one device share the
 * stored list: every change to it is made under a Web Lock and announced on a
 * BroadcastChannel, so no tab overwrites another's and all show the same.
 */
import { openVault, type VaultStorage } from '@/lib/storage/vault';
import type { OutboxItem } from './model';

export interface OutboxStore {
  load(): Promise<OutboxItem[]>;
  /** Reads, changes and writes the list as one step (no other tab's change lands in between). */
  update(change: (items: OutboxItem[]) => OutboxItem[]): Promise<OutboxItem[]>;
  /** Called when another tab changed the list. */
  subscribe(listener: () => void): () => void;
  /** The author's delivery credential, kept while changes wait after they signed out (see outbox.ts). */
  getCredential(): Promise<string | null>;
  setCredential(credential: string | null): Promise<void>;
  close(): void;
}

/** Kiosks keep nothing on the device: the list lives as long as the page. */
export function createMemoryStore(): OutboxStore {
  let items: OutboxItem[] = [];
  let credential: string | null = null;
  return {
    load: () => Promise.resolve(items),
    update(change) {
      items = change(items);
      return Promise.resolve(items);
    },
    subscribe: () => () => undefined,
    getCredential: () => Promise.resolve(credential),
    setCredential(next) {
      credential = next;
      return Promise.resolve();
    },
    close: () => undefined,
  };
}

const ITEMS = 'items';
const CREDENTIAL = 'credential';

/** The name an author's list is stored under: a hash, so the device's storage does not say who used it. */
export async function outboxSlotFor(author: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`thrive-outbox:${author}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `thrive-outbox-${hex.slice(0, 32)}`;
}

function parse(text: string | null | undefined): OutboxItem[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as OutboxItem[]) : [];
}

/** Runs `work` holding the device-wide lock of one list (Web Locks), or directly where there are none (tests). */
function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, work) as Promise<T>) : work();
}

/** An author's list on this device, sealed under `key`, their data key. */
export async function openDeviceStore(author: string, key: CryptoKey): Promise<OutboxStore> {
  const slot = await outboxSlotFor(author);
  const vault: VaultStorage = await openVault(slot, key, 'thrive-outbox');
  // Sealed under a key this password no longer opens (changed elsewhere): kept aside, sealed, never overwritten.
  for (const name of [ITEMS, CREDENTIAL]) {
    try {
      await vault.getItem(name);
    } catch {
      if (await vault.setAside(name))
        console.warn('Thrive: unsent changes sealed under an earlier password were set aside');
    }
  }
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(slot);
  const listeners = new Set<() => void>();
  if (channel) channel.onmessage = () => listeners.forEach((listener) => listener());
  return {
    async load() {
      return parse(await vault.getItem(ITEMS));
    },
    update(change) {
      return withLock(slot, async () => {
        const next = change(parse(await vault.getItem(ITEMS)));
        await (next.length === 0 ? vault.removeItem(ITEMS) : vault.setItem(ITEMS, JSON.stringify(next)));
        channel?.postMessage('changed');
        return next;
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async getCredential() {
      return (await vault.getItem(CREDENTIAL)) ?? null;
    },
    async setCredential(credential) {
      await (credential === null ? vault.removeItem(CREDENTIAL) : vault.setItem(CREDENTIAL, credential));
    },
    close() {
      vault.close();
      channel?.close();
      listeners.clear();
    },
  };
}
