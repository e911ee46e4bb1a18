import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { PBKDF2_ITERATIONS } from '@/config/key-derivation';
import { MAX_UNLOCK_FAILURES, createKeyring } from './keyring';
import { openVault } from './vault';

/** Fewer iterations than production, through the test seam only: the rules are the same. */
const TEST_ITERATIONS = 1000;
const PASSWORD = 'Thrive!2026';

interface StoredRecord {
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
  iv: Uint8Array<ArrayBuffer>;
  wrapped: ArrayBuffer;
  failures: number;
}

/** Every wrapped key record as stored in IndexedDB. */
async function storedRecords(): Promise<StoredRecord[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('thrive-keyring');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new Error('open failed'));
  });
  const records = await new Promise<StoredRecord[]>((resolve) => {
    const req = db.transaction('wrapped').objectStore('wrapped').getAll();
    req.onsuccess = () => resolve(req.result as StoredRecord[]);
  });
  db.close();
  return records;
}

/** What a page that has just loaded holds: nothing in memory, only what is stored. */
const freshPage = () => createKeyring({ iterations: TEST_ITERATIONS });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the keyring', () => {
  it('derives with PBKDF2-SHA-256 at 600,000 iterations or more in production', () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
  });

  it('makes a non-extractable data key at sign-in and stores only its wrap, with the iteration count', async () => {
    const keyring = freshPage();
    await keyring.openWithVerifiedPassword('nurse-a', PASSWORD);
    const key = keyring.keyOf('nurse-a');
    expect(key?.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key!)).rejects.toThrow();
    const [record, ...others] = await storedRecords();
    expect(others).toEqual([]);
    expect(record).toMatchObject({ iterations: TEST_ITERATIONS, failures: 0 });
    expect(record!.salt).toHaveLength(16);
    // Wrapped: 32 key bytes and the 16-byte GCM tag, nothing else.
    expect(record!.wrapped.byteLength).toBe(48);
    expect(Object.values(record!).some((value) => value instanceof CryptoKey)).toBe(false);
  });

  it('uses a random salt per person', async () => {
    const keyring = freshPage();
    await keyring.openWithVerifiedPassword('nurse-a', PASSWORD);
    await keyring.openWithVerifiedPassword('nurse-b', PASSWORD);
    const [a, b] = await storedRecords();
    expect([...a!.salt]).not.toEqual([...b!.salt]);
  });

  it('unlocks after a reload with the right password: the same key reads what was sealed before', async () => {
    const before = freshPage();
    await before.openWithVerifiedPassword('nurse-a', PASSWORD);
    await (await openVault('slot-a', before.keyOf('nurse-a')!)).setItem('items', 'unsent change');

    const after = freshPage();
    expect(after.keyOf('nurse-a')).toBeUndefined();
    expect(await after.unlock('nurse-a', PASSWORD)).toEqual({ ok: true });
    const vault = await openVault('slot-a', after.keyOf('nurse-a')!);
    expect(await vault.getItem('items')).toBe('unsent change');
  });

  it('refuses a wrong password and counts down the tries left', async () => {
    await freshPage().openWithVerifiedPassword('nurse-a', PASSWORD);
    const after = freshPage();
    expect(await after.unlock('nurse-a', 'Thrive!2025')).toEqual({
      ok: false,
      reason: 'wrong-password',
      triesLeft: MAX_UNLOCK_FAILURES - 1,
    });
    expect(after.keyOf('nurse-a')).toBeUndefined();
    // A right password in time clears the count.
    expect(await after.unlock('nurse-a', PASSWORD)).toEqual({ ok: true });
    expect((await storedRecords())[0]!.failures).toBe(0);
  });

  it('after five wrong passwords needs a full sign-in, even with the right one, across reloads', async () => {
    await freshPage().openWithVerifiedPassword('nurse-a', PASSWORD);
    for (let i = 1; i < MAX_UNLOCK_FAILURES; i++) await freshPage().unlock('nurse-a', `wrong-${i}`);
    expect(await freshPage().unlock('nurse-a', 'wrong-last')).toEqual({ ok: false, reason: 'sign-in-needed' });
    const after = freshPage();
    expect(await after.canUnlock('nurse-a')).toBe(false);
    expect(await after.unlock('nurse-a', PASSWORD)).toEqual({ ok: false, reason: 'sign-in-needed' });
    // The full sign-in (the identity service accepted the password) opens the same key and the count starts again.
    await after.openWithVerifiedPassword('nurse-a', PASSWORD);
    expect(await after.canUnlock('nurse-a')).toBe(true);
  });

  it('stored bytes alone decrypt nothing: the wrap does not open without the password-derived key', async () => {
    const keyring = freshPage();
    await keyring.openWithVerifiedPassword('nurse-a', PASSWORD);
    const record = (await storedRecords())[0]!;
    // Whatever stored bytes an attacker tries as the key, the wrap's tag does not match.
    for (const guess of [record.salt, record.iv, new Uint8Array(32), new Uint8Array(record.wrapped).slice(0, 32)]) {
      const raw = new Uint8Array(32);
      raw.set(guess.slice(0, 32));
      const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['unwrapKey']);
      await expect(
        crypto.subtle.unwrapKey('raw', record.wrapped, key, { name: 'AES-GCM', iv: record.iv }, 'AES-GCM', false, [
          'decrypt',
        ]),
      ).rejects.toThrow();
    }
    // And the page that has not been given the password holds nothing.
    expect(freshPage().keyOf('nurse-a')).toBeUndefined();
  });

  it('a wrap moved to another person does not open with their password', async () => {
    const keyring = freshPage();
    await keyring.openWithVerifiedPassword('nurse-a', PASSWORD);
    expect(await freshPage().unlock('nurse-b', PASSWORD)).toEqual({ ok: false, reason: 'sign-in-needed' });
  });

  it('refuses a stored wrap made with fewer iterations than this build asks for', async () => {
    await createKeyring({ iterations: 10 }).openWithVerifiedPassword('nurse-a', PASSWORD);
    expect(await freshPage().unlock('nurse-a', PASSWORD)).toEqual({ ok: false, reason: 'sign-in-needed' });
  });

  it('makes a new key when the password changed elsewhere (the old wrap no longer opens)', async () => {
    const keyring = freshPage();
    await keyring.openWithVerifiedPassword('nurse-a', PASSWORD);
    const first = keyring.keyOf('nurse-a');
    await keyring.openWithVerifiedPassword('nurse-a', 'Thrive!2027');
    expect(keyring.keyOf('nurse-a')).not.toBe(first);
    expect(await freshPage().unlock('nurse-a', 'Thrive!2027')).toEqual({ ok: true });
  });

  it('forgets a key from memory at sign-out; the wrap stays for the unsent changes', async () => {
    const keyring = freshPage();
    await keyring.openWithVerifiedPassword('nurse-a', PASSWORD);
    keyring.forget('nurse-a');
    expect(keyring.keyOf('nurse-a')).toBeUndefined();
    expect(await storedRecords()).toHaveLength(1);
  });
});
