import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteOtherVaults, deleteVault, openVault } from './vault';

/** Everything stored in the vault database, as raw records. */
async function rawRecords(): Promise<{ keys: unknown[]; caches: unknown[]; names: string[] }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('thrive-vault');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new Error('open failed'));
  });
  const all = (store: string, what: 'getAll' | 'getAllKeys') =>
    new Promise<unknown[]>((resolve) => {
      const req = db.transaction(store).objectStore(store)[what]();
      req.onsuccess = () => resolve(req.result as unknown[]);
    });
  const result = {
    keys: await all('keys', 'getAll'),
    caches: await all('caches', 'getAll'),
    names: [...(await all('keys', 'getAllKeys')), ...(await all('caches', 'getAllKeys'))].map((n) =>
      typeof n === 'string' ? n : JSON.stringify(n),
    ),
  };
  db.close();
  return result;
}

const newKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
/** Two people's data keys, as the keyring holds them in memory. */
const KEY_A = await newKey();
const KEY_B = await newKey();

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the encrypted vault', () => {
  it('reads back what it stored', async () => {
    const vault = await openVault('slot-a', KEY_A);
    await vault.setItem('query-cache', '{"first_name":"Priya"}');
    expect(await vault.getItem('query-cache')).toBe('{"first_name":"Priya"}');
    // A second opening (an offline reload) finds the same key.
    const again = await openVault('slot-a', KEY_A);
    expect(await again.getItem('query-cache')).toBe('{"first_name":"Priya"}');
  });

  it('stores AES-GCM ciphertext and no key beside it, never the plain text', async () => {
    const vault = await openVault('slot-a', KEY_A);
    await vault.setItem('query-cache', '{"first_name":"Priya","last_name":"Sharma"}');
    const { keys, caches } = await rawRecords();
    expect(keys).toEqual([]);
    const sealed = caches[0] as { iv: Uint8Array; data: ArrayBuffer };
    expect(sealed.iv).toHaveLength(12);
    expect(new TextDecoder().decode(sealed.data)).not.toContain('Priya');
  });

  it('uses a fresh IV for every write', async () => {
    const vault = await openVault('slot-a', KEY_A);
    await vault.setItem('query-cache', 'same text');
    const first = ((await rawRecords()).caches[0] as { iv: Uint8Array }).iv;
    await vault.setItem('query-cache', 'same text');
    const second = ((await rawRecords()).caches[0] as { iv: Uint8Array }).iv;
    expect([...second]).not.toEqual([...first]);
  });

  it('keeps users apart: another person’s key cannot read this one', async () => {
    const a = await openVault('slot-a', KEY_A);
    await a.setItem('query-cache', 'A');
    const intruder = await openVault('slot-a', KEY_B);
    await expect(intruder.getItem('query-cache')).rejects.toThrow();
  });

  it('sets aside what its key cannot read, still sealed, instead of overwriting it', async () => {
    await (await openVault('slot-a', KEY_A)).setItem('items', 'unsent');
    const rekeyed = await openVault('slot-a', KEY_B);
    expect(await rekeyed.setAside('items')).toBe(true);
    expect(await rekeyed.getItem('items')).toBeNull();
    const { names } = await rawRecords();
    expect(names.filter((name) => name.startsWith('slot-a:items:set-aside:'))).toHaveLength(1);
  });

  it('seals again under the person’s key what an earlier build kept beside its own key, and deletes that key', async () => {
    const legacy = await newKey();
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode('slot-a:items') },
      legacy,
      new TextEncoder().encode('unsent'),
    );
    await (await openVault('slot-b', KEY_B)).setItem('x', 'creates the database');
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('thrive-vault');
      req.onsuccess = () => resolve(req.result);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction(['keys', 'caches'], 'readwrite');
      tx.objectStore('keys').put(legacy, 'slot-a');
      tx.objectStore('caches').put({ iv, data }, 'slot-a:items');
      tx.oncomplete = () => resolve();
    });
    db.close();
    const vault = await openVault('slot-a', KEY_A);
    expect(await vault.getItem('items')).toBe('unsent');
    expect((await rawRecords()).keys).toEqual([]);
  });

  it('deletes a slot with its key, so nothing of it is left', async () => {
    const a = await openVault('slot-a', KEY_A);
    await a.setItem('query-cache', 'A');
    const b = await openVault('slot-b', KEY_B);
    await b.setItem('query-cache', 'B');
    await deleteVault('slot-a');
    const { names } = await rawRecords();
    expect(names.filter((n) => n.startsWith('slot-a'))).toEqual([]);
    expect(await b.getItem('query-cache')).toBe('B');
  });

  it('deletes every other user on sign-in, everyone on sign-out', async () => {
    for (const slot of ['slot-a', 'slot-b', 'slot-c'])
      await (await openVault(slot, KEY_A)).setItem('query-cache', slot);
    await deleteOtherVaults('slot-b');
    expect((await rawRecords()).names.sort()).toEqual(['slot-b:query-cache']);
    await deleteOtherVaults(null);
    expect((await rawRecords()).names).toEqual([]);
  });

  it('drops writes after it is closed (a throttled save landing after sign-out)', async () => {
    const vault = await openVault('slot-a', KEY_A);
    vault.close();
    await vault.setItem('query-cache', 'late');
    expect((await rawRecords()).caches).toEqual([]);
  });

  it('refuses a ciphertext that was tampered with', async () => {
    const vault = await openVault('slot-a', KEY_A);
    await vault.setItem('query-cache', 'A');
    const db = await new Promise<IDBDatabase>((resolve) => {
      const req = indexedDB.open('thrive-vault');
      req.onsuccess = () => resolve(req.result);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction('caches', 'readwrite');
      const store = tx.objectStore('caches');
      const req = store.get('slot-a:query-cache');
      req.onsuccess = () => {
        const sealed = req.result as { iv: Uint8Array; data: ArrayBuffer };
        const bytes = new Uint8Array(sealed.data);
        bytes[0] = bytes[0]! ^ 0xff;
        store.put({ iv: sealed.iv, data: bytes.buffer }, 'slot-a:query-cache');
      };
      tx.oncomplete = () => resolve();
    });
    db.close();
    await expect(vault.getItem('query-cache')).rejects.toThrow();
  });
});
