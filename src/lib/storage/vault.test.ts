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

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the encrypted vault', () => {
  it('reads back what it stored', async () => {
    const vault = await openVault('slot-a');
    await vault.setItem('query-cache', '{"first_name":"Priya"}');
    expect(await vault.getItem('query-cache')).toBe('{"first_name":"Priya"}');
    // A second opening (an offline reload) finds the same key.
    const again = await openVault('slot-a');
    expect(await again.getItem('query-cache')).toBe('{"first_name":"Priya"}');
  });

  it('stores AES-GCM ciphertext under a non-extractable key, never the plain text', async () => {
    const vault = await openVault('slot-a');
    await vault.setItem('query-cache', '{"first_name":"Priya","last_name":"Sharma"}');
    const { keys, caches } = await rawRecords();
    expect(keys).toHaveLength(1);
    const key = keys[0] as CryptoKey;
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    const sealed = caches[0] as { iv: Uint8Array; data: ArrayBuffer };
    expect(sealed.iv).toHaveLength(12);
    expect(new TextDecoder().decode(sealed.data)).not.toContain('Priya');
  });

  it('uses a fresh IV for every write', async () => {
    const vault = await openVault('slot-a');
    await vault.setItem('query-cache', 'same text');
    const first = ((await rawRecords()).caches[0] as { iv: Uint8Array }).iv;
    await vault.setItem('query-cache', 'same text');
    const second = ((await rawRecords()).caches[0] as { iv: Uint8Array }).iv;
    expect([...second]).not.toEqual([...first]);
  });

  it('keeps users apart: another slot has its own key and cannot read this one', async () => {
    const a = await openVault('slot-a');
    const b = await openVault('slot-b');
    await a.setItem('query-cache', 'A');
    expect(await b.getItem('query-cache')).toBeNull();
    expect((await rawRecords()).keys).toHaveLength(2);
  });

  it('deletes a slot with its key, so nothing of it is left', async () => {
    const a = await openVault('slot-a');
    await a.setItem('query-cache', 'A');
    const b = await openVault('slot-b');
    await b.setItem('query-cache', 'B');
    await deleteVault('slot-a');
    const { names } = await rawRecords();
    expect(names.filter((n) => n.startsWith('slot-a'))).toEqual([]);
    expect(await b.getItem('query-cache')).toBe('B');
  });

  it('deletes every other user on sign-in, everyone on sign-out', async () => {
    for (const slot of ['slot-a', 'slot-b', 'slot-c']) await (await openVault(slot)).setItem('query-cache', slot);
    await deleteOtherVaults('slot-b');
    expect((await rawRecords()).names.sort()).toEqual(['slot-b', 'slot-b:query-cache']);
    await deleteOtherVaults(null);
    expect((await rawRecords()).names).toEqual([]);
  });

  it('drops writes after it is closed (a throttled save landing after sign-out)', async () => {
    const vault = await openVault('slot-a');
    vault.close();
    await vault.setItem('query-cache', 'late');
    expect((await rawRecords()).caches).toEqual([]);
  });

  it('refuses a ciphertext that was tampered with', async () => {
    const vault = await openVault('slot-a');
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
