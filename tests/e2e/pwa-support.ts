/**
 * What the PWA specs share (pwa-*.spec.ts): the demo clients they sign in, each file its own (signing out ends a
 * user's sessions everywhere, and the files run side by side), and readers of what the browser keeps.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { generateClients } from '../../scripts/demo/clients.ts';
import { stableUuid } from '../../scripts/demo/stable-id.ts';
import { expect, waitForSavedCache } from './fixtures.ts';

export interface Client {
  email: string;
  first: string;
  last: string;
}

/**
 * Generated demo client number `index`, one no spec outside its PWA file signs in. Each has given HIPAA consent
 * (so no authorization stands between them and their home) and has names long enough not to turn up by chance in
 * the binary data the storage search reads.
 */
export function pwaClient(index: number): Client {
  const client = generateClients(50)[index]!;
  const longName = (name: string) => /^[A-Za-z]{5,}$/.test(name);
  if (!client.hipaaConsent || !longName(client.firstName) || !longName(client.lastName)) {
    throw new Error(`Generated client ${index} does not suit the PWA specs`);
  }
  return { email: client.email, first: client.firstName, last: client.lastName };
}

export const fullName = (who: { first: string; last: string }) => `${who.first} ${who.last}`;
export const usernameOf = (email: string) => stableUuid(`thrive-demo:${email}`);

/** Sets this device's mode (the backoffice's setting, stored on the device) before the app starts. */
export async function useDeviceMode(context: BrowserContext, settings: { mode: string; idleMinutes?: number }) {
  await context.addInitScript((value) => localStorage.setItem('thrive.device', value), JSON.stringify(settings));
}

/**
 * Everything this origin keeps in the browser, as searchable text:
 * localStorage, sessionStorage, every IndexedDB record (binary as Latin-1, so
 * plain text inside ciphertext would show) and every Cache Storage entry.
 */
export async function everythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    const latin1 = new TextDecoder('latin1');
    const text = (value: unknown): string => {
      if (value instanceof ArrayBuffer) return latin1.decode(value);
      if (ArrayBuffer.isView(value)) return latin1.decode(value);
      if (value instanceof CryptoKey) return '[CryptoKey]';
      if (value && typeof value === 'object') {
        return Object.entries(value)
          .map(([k, v]) => `${k}:${text(v)}`)
          .join(' ');
      }
      return String(value);
    };
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!;
        parts.push(key, storage.getItem(key) ?? '');
      }
    }
    const request = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
      });
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await request(indexedDB.open(info.name));
      for (const store of Array.from(db.objectStoreNames)) {
        const keys = await request(db.transaction(store).objectStore(store).getAllKeys());
        const values = await request(db.transaction(store).objectStore(store).getAll());
        parts.push(info.name, store, ...keys.map((k) => text(k)), ...values.map(text));
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        parts.push(req.url);
        const res = await cache.match(req);
        if (res) parts.push(await res.text());
      }
    }
    return parts.join('\n');
  });
}

/** The names of the IndexedDB vault's records (a key and a cache per user with saved data). */
export async function vaultSlots(page: Page): Promise<string[]> {
  // Polled while the app may still be moving between pages: a navigation only means "ask again".
  return readVaultSlots(page).catch(() => ['(page was navigating)']);
}

function readVaultSlots(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('thrive-vault')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('thrive-vault');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(new Error('open'));
    });
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const req = db.transaction('keys').objectStore('keys').getAllKeys();
      req.onsuccess = () => resolve(req.result);
    });
    const caches = await new Promise<IDBValidKey[]>((resolve) => {
      const req = db.transaction('caches').objectStore('caches').getAllKeys();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return [...keys, ...caches].map(String);
  });
}

/** Waits until the encrypted cache is saved, holding more than an empty client: the profile. */
export async function waitForSavedProfile(page: Page): Promise<void> {
  await waitForSavedCache(page);
  const largest = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('thrive-vault');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(new Error('open'));
    });
    const records = await new Promise<{ data?: ArrayBuffer }[]>((resolve) => {
      const req = db.transaction('caches').objectStore('caches').getAll();
      req.onsuccess = () => resolve(req.result as { data?: ArrayBuffer }[]);
    });
    db.close();
    return Math.max(0, ...records.map((record) => record.data?.byteLength ?? 0));
  });
  // An empty persisted client is about a hundred bytes; one with a profile, well over a kilobyte.
  expect(largest).toBeGreaterThan(1000);
}

/**
 * Waits until the idle sign-out is watching (it loads on its own after
 * sign-in): it tells the app's other tabs about activity, so a listener on its
 * channel hears the mouse move once it is there.
 */
export async function waitForIdleWatch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const channel = new BroadcastChannel('thrive-activity');
    channel.onmessage = () => {
      document.body.dataset.idleWatch = 'on';
      channel.close();
    };
  });
  let x = 10;
  await expect
    .poll(async () => {
      x = x === 10 ? 30 : 10;
      await page.mouse.move(x, x);
      return page.evaluate(() => document.body.dataset.idleWatch);
    })
    .toBe('on');
}

export function expectNothingOf(who: Client, stored: string): void {
  for (const needle of [who.first, who.last, who.email])
    expect(stored, `stored data mentions ${needle}`).not.toContain(needle);
}

export async function signOutWithButton(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}
