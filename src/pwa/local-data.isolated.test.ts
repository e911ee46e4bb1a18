import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, createSessionStore, type SessionState } from '@/lib/auth/session';
import type { DeviceSettings } from './device-mode';

const HOUR = 60 * 60 * 1000;
/** The person's data key, as the keyring holds it once they signed in or unlocked. */
const { DATA_KEY } = await vi.hoisted(async () => ({
  DATA_KEY: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
}));
vi.mock('@/lib/storage/data-keys', () => ({ dataKeys: { keyOf: () => DATA_KEY } }));
const PROFILE_KEY = ['users', 'detail', 'c-0001'];
const PRIYA = { first_name: 'Priya', last_name: 'Sharma' };

function signedIn(username: string): SessionState {
  return { authenticated: true, role: 'NURSE', username, email: `${username}@thrive.test` };
}

/** What a personal or shared device keeps after someone used it: their encrypted profile cache. */
async function leaveSavedData(username: string): Promise<void> {
  const { createCachePersistence } = await import('@/lib/query/persist');
  const { KEEP_OFFLINE } = await import('@/lib/query/persist-policy');
  const queryClient = new QueryClient();
  queryClient.setQueryDefaults(['users', 'detail'], KEEP_OFFLINE);
  const persistence = createCachePersistence({
    queryClient,
    buster: 'build-1',
    maxAge: HOUR,
    enabled: true,
    throttleMs: 0,
    keyOf: () => DATA_KEY,
  });
  await persistence.setUser(username);
  queryClient.setQueryData(PROFILE_KEY, PRIYA);
  // The persister writes in the background: wait until the profile is in the user's vault.
  const { openVault } = await import('@/lib/storage/vault');
  const { storageSlotFor } = await import('@/lib/query/persist-policy');
  const vault = await openVault(await storageSlotFor(username), DATA_KEY);
  await vi.waitFor(async () => expect(await vault.getItem('query-cache')).toContain(PRIYA.first_name));
  vault.close();
}

/** How many records (keys and caches) the encrypted vault holds. */
async function vaultRecords(): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('thrive-vault');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new Error('open'));
  });
  const count = (store: string) =>
    new Promise<number>((resolve) => {
      const req = db.transaction(store).objectStore(store).count();
      req.onsuccess = () => resolve(req.result);
    });
  const total = (await count('keys')) + (await count('caches'));
  db.close();
  return total;
}

async function start(mode: DeviceSettings['mode'], session: SessionState) {
  // A fresh module per start, as after a page load.
  const { startLocalData } = await import('./local-data');
  const queryClient = new QueryClient();
  await startLocalData({
    queryClient,
    session: createSessionStore(session),
    settings: { mode, idleMinutes: mode === 'kiosk' ? 2 : 15 },
    buildId: 'build-1',
  });
  return queryClient;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
});

describe('the data a device keeps, at start-up', () => {
  it('on a personal device, brings the signed-in user’s saved data back', async () => {
    await leaveSavedData('nurse-a');
    const queryClient = await start('personal', signedIn('nurse-a'));
    expect(queryClient.getQueryData(PROFILE_KEY)).toEqual(PRIYA);
  });

  it('while the person is locked (after a reload), neither restores nor deletes their saved data', async () => {
    await leaveSavedData('nurse-a');
    const queryClient = await start('shared', { ...signedIn('nurse-a'), locked: true });
    expect(queryClient.getQueryData(PROFILE_KEY)).toBeUndefined();
    expect(await vaultRecords()).toBe(1);
  });

  it('on a kiosk, has deleted what an earlier mode saved before the app goes on', async () => {
    await leaveSavedData('nurse-a');
    expect(await vaultRecords()).toBe(1);
    await start('kiosk', SIGNED_OUT);
    expect(await vaultRecords()).toBe(0);
  });

  it('on a kiosk, deletes it even for the same user still signed in, and restores nothing', async () => {
    await leaveSavedData('nurse-a');
    const queryClient = await start('kiosk', signedIn('nurse-a'));
    expect(queryClient.getQueryData(PROFILE_KEY)).toBeUndefined();
    expect(await vaultRecords()).toBe(0);
  });
});
