import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_SAVED_MARK } from './cache-saved-mark';
import { createCachePersistence, type CachePersistenceOptions } from './persist';
import { KEEP_OFFLINE, storageSlotFor } from './persist-policy';
import { openVault } from '@/lib/storage/vault';

const HOUR = 60 * 60 * 1000;
/** The people's data key, as the keyring holds it once they signed in (one for all: slots keep them apart). */
const DATA_KEY = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
const PRIYA = { first_name: 'Priya', last_name: 'Sharma' };

function setup(overrides: Partial<CachePersistenceOptions> = {}) {
  const queryClient = new QueryClient();
  // As the users feature marks its detail query.
  queryClient.setQueryDefaults(['users', 'detail'], KEEP_OFFLINE);
  const persistence = createCachePersistence({
    queryClient,
    buster: 'build-1',
    maxAge: 12 * HOUR,
    enabled: true,
    throttleMs: 0,
    keyOf: () => DATA_KEY,
    ...overrides,
  });
  return { queryClient, persistence };
}

/** What is stored for a user, decrypted (null: nothing). */
async function storedFor(username: string): Promise<unknown> {
  const vault = await openVault(await storageSlotFor(username), DATA_KEY);
  const text = await vault.getItem('query-cache');
  return text ? JSON.parse(text) : null;
}

/** The query keys of what is stored for a user ([] for nothing). */
async function storedKeys(username: string): Promise<unknown[]> {
  const stored = (await storedFor(username)) as { clientState: { queries: { queryKey: unknown }[] } } | null;
  return stored?.clientState.queries.map((query) => query.queryKey) ?? [];
}

/** Waits for the persister, which writes in the background, to have stored `queryKey` for `username`. */
async function persisted(username: string, queryKey: unknown[]): Promise<void> {
  await vi.waitFor(async () => expect(await storedKeys(username)).toContainEqual(queryKey));
}

async function vaultNames(): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve) => {
    const req = indexedDB.open('thrive-vault');
    req.onsuccess = () => resolve(req.result);
  });
  const names = await new Promise<IDBValidKey[]>((resolve) => {
    const req = db.transaction('caches').objectStore('caches').getAllKeys();
    req.onsuccess = () => resolve(req.result);
  });
  db.close();
  // The slots written to (a stored name is `<slot>:<name>`).
  return [...new Set(names.map((name) => (typeof name === 'string' ? name : '').split(':')[0]!))];
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the persisted query cache', () => {
  it('writes only the allowlist, under the signed-in user', async () => {
    const { queryClient, persistence } = setup();
    await persistence.setUser('nurse-a');
    queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    queryClient.setQueryData(['appointments', 'today'], ['10:00']);
    await persisted('nurse-a', ['users', 'detail', 'c-1']);
    const stored = (await storedFor('nurse-a')) as {
      buster: string;
      clientState: { queries: { queryKey: unknown }[] };
    };
    expect(stored.buster).toBe('build-1');
    expect(stored.clientState.queries.map((q) => q.queryKey)).toEqual([['users', 'detail', 'c-1']]);
  });

  it('marks when nothing loads or waits to be saved: cleared by a change, set again once it is written', async () => {
    const saved = () => performance.getEntriesByName(CACHE_SAVED_MARK, 'mark').length > 0;
    const { queryClient, persistence } = setup({ throttleMs: 50 });
    await persistence.setUser('nurse-a');
    expect(saved()).toBe(true);

    queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    expect(saved()).toBe(false);
    await vi.waitFor(() => expect(saved()).toBe(true));
    // Set only once the change is on the device.
    expect(await storedKeys('nurse-a')).toEqual([['users', 'detail', 'c-1']]);

    // Not while a query loads, though the cache is saved meanwhile: its answer changes the cache again.
    const savedAt = async () => ((await storedFor('nurse-a')) as { timestamp: number }).timestamp;
    const before = await savedAt();
    let answer: (value: typeof PRIYA) => void = () => undefined;
    const loading = queryClient.query({
      queryKey: ['users', 'detail', 'c-2'],
      queryFn: () => new Promise<typeof PRIYA>((resolve) => (answer = resolve)),
    });
    await vi.waitFor(async () => expect(await savedAt()).toBeGreaterThan(before));
    expect(saved()).toBe(false);
    answer(PRIYA);
    await loading;
    await vi.waitFor(() => expect(saved()).toBe(true));

    queryClient.setQueryData(['users', 'detail', 'c-3'], PRIYA);
    await persistence.setUser(null);
    expect(saved()).toBe(false);
  });

  it('restores the same user’s cache after a reload', async () => {
    const first = setup();
    await first.persistence.setUser('nurse-a');
    first.queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    await persisted('nurse-a', ['users', 'detail', 'c-1']);

    const reloaded = setup();
    await reloaded.persistence.setUser('nurse-a');
    expect(reloaded.queryClient.getQueryData(['users', 'detail', 'c-1'])).toEqual(PRIYA);
  });

  it('deletes the cache and its key at sign-out', async () => {
    const { queryClient, persistence } = setup();
    await persistence.setUser('nurse-a');
    queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    await persisted('nurse-a', ['users', 'detail', 'c-1']);
    await persistence.setUser(null);
    expect(await vaultNames()).toEqual([]);
  });

  it('writes nothing once sign-out has begun, even if the cache changes', async () => {
    const { queryClient, persistence } = setup();
    await persistence.setUser('nurse-a');
    const signedOut = persistence.setUser(null);
    queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    await signedOut;
    // Sign-out stops the writes as it begins: no write is left to land after it.
    expect(await vaultNames()).toEqual([]);
  });

  it('never restores one user’s cache for another, and deletes it when the other signs in', async () => {
    const a = setup();
    await a.persistence.setUser('nurse-a');
    a.queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    await persisted('nurse-a', ['users', 'detail', 'c-1']);

    // Nurse A closed the tab without signing out; nurse B signs in on the same tablet.
    const b = setup();
    await b.persistence.setUser('nurse-b');
    expect(b.queryClient.getQueryData(['users', 'detail', 'c-1'])).toBeUndefined();
    expect(await vaultNames()).toEqual([await storageSlotFor('nurse-b')]);
  });

  it('discards a cache older than maxAge', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = setup();
    await first.persistence.setUser('nurse-a');
    first.queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    await persisted('nurse-a', ['users', 'detail', 'c-1']);

    vi.setSystemTime(Date.now() + 12 * HOUR + 1);
    const later = setup();
    await later.persistence.setUser('nurse-a');
    expect(later.queryClient.getQueryData(['users', 'detail', 'c-1'])).toBeUndefined();
  });

  it('restores a cache just inside maxAge', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = setup();
    await first.persistence.setUser('nurse-a');
    first.queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    await persisted('nurse-a', ['users', 'detail', 'c-1']);

    vi.setSystemTime(Date.now() + 12 * HOUR - 1000);
    const later = setup();
    await later.persistence.setUser('nurse-a');
    expect(later.queryClient.getQueryData(['users', 'detail', 'c-1'])).toEqual(PRIYA);
  });

  it('discards a cache written by another build (the buster)', async () => {
    const first = setup();
    await first.persistence.setUser('nurse-a');
    first.queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    await persisted('nurse-a', ['users', 'detail', 'c-1']);

    const next = setup({ buster: 'build-2' });
    await next.persistence.setUser('nurse-a');
    expect(next.queryClient.getQueryData(['users', 'detail', 'c-1'])).toBeUndefined();
  });

  it('on a kiosk, persists nothing and deletes what an earlier mode left', async () => {
    const before = setup();
    await before.persistence.setUser('nurse-a');
    before.queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    await persisted('nurse-a', ['users', 'detail', 'c-1']);

    const kiosk = setup({ enabled: false });
    await kiosk.persistence.setUser('reception');
    // A kiosk has no persister at all: nothing is written in the background.
    kiosk.queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    expect(kiosk.queryClient.getQueryData(['users', 'detail', 'c-1'])).toEqual(PRIYA);
    expect(await vaultNames()).toEqual([]);
  });

  it('wipeAll deletes everything and stops writing', async () => {
    const { queryClient, persistence } = setup();
    await persistence.setUser('nurse-a');
    queryClient.setQueryData(['users', 'detail', 'c-1'], PRIYA);
    await persisted('nurse-a', ['users', 'detail', 'c-1']);
    await persistence.wipeAll();
    // Wiping stops the writes as it begins: this change is never written.
    queryClient.setQueryData(['users', 'detail', 'c-2'], PRIYA);
    expect(await vaultNames()).toEqual([]);
  });
});
