import type { AsyncStorage } from '@tanstack/react-query-persist-client';

/**
 * What the app keeps for one user at rest (the query cache, unsent changes):
 * AES-GCM ciphertext in IndexedDB, under the person's data key (keyring.ts),
 * which is not stored beside it: at rest it exists only wrapped by their
 * password, so the ciphertext alone decrypts nothing. The caller passes the
 * key it holds in memory.
 *
 * Each use has its own database, so wiping one (the cache at sign-out) never
 * touches another (the unsent changes, kept until they are sent).
 */

/** The databases: the persisted query cache, and the outbox of unsent changes. */
export type VaultDatabase = 'thrive-vault' | 'thrive-outbox';
const CACHE_DATABASE: VaultDatabase = 'thrive-vault';
const DB_VERSION = 1;
/** Earlier builds kept each slot's key here, unwrapped; now it is only read once, to seal again (see migrate). */
const KEYS = 'keys';
const CACHES = 'caches';

interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('Thrive: IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('Thrive: IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('Thrive: IndexedDB transaction aborted'));
  });
}

function openDb(database: VaultDatabase): Promise<IDBDatabase> {
  const req = indexedDB.open(database, DB_VERSION);
  req.onupgradeneeded = () => {
    const db = req.result;
    if (!db.objectStoreNames.contains(KEYS)) db.createObjectStore(KEYS);
    if (!db.objectStoreNames.contains(CACHES)) db.createObjectStore(CACHES);
  };
  return request(req);
}

/** Runs `work` in one transaction and closes the connection, so a later deleteDatabase is never blocked by us. */
async function withStores<T>(
  database: VaultDatabase,
  mode: IDBTransactionMode,
  work: (keys: IDBObjectStore, caches: IDBObjectStore) => Promise<T> | T,
): Promise<T> {
  const db = await openDb(database);
  try {
    const tx = db.transaction([KEYS, CACHES], mode);
    const finished = done(tx);
    const result = await work(tx.objectStore(KEYS), tx.objectStore(CACHES));
    await finished;
    return result;
  } finally {
    db.close();
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The slot's name is the additional data: a ciphertext moved to another slot does not decrypt. */
async function seal(key: CryptoKey, slot: string, text: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(slot) },
    key,
    encoder.encode(text),
  );
  return { iv, data };
}

async function unseal(key: CryptoKey, slot: string, sealed: Sealed): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: sealed.iv, additionalData: encoder.encode(slot) },
    key,
    sealed.data,
  );
  return decoder.decode(plain);
}

function isSealed(value: unknown): value is Sealed {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Sealed).iv instanceof Uint8Array &&
    (value as Sealed).data instanceof ArrayBuffer
  );
}

/** One user's encrypted storage, in the shape TanStack's async persister expects. */
export interface VaultStorage extends AsyncStorage<string> {
  /** After close, writes are dropped: a throttled save cannot land after sign-out. */
  close: () => void;
  /**
   * Moves an entry this key cannot read (sealed under an earlier key: the
   * password was changed elsewhere) out of the way, still sealed, instead of
   * overwriting it; resolves to whether there was one.
   */
  setAside: (name: string) => Promise<boolean>;
}

/**
 * A slot written by an earlier build has its key stored beside it: its
 * entries are sealed again under the person's data key and that key is
 * deleted, so unsent changes made before the upgrade are kept and nothing
 * readable stays behind.
 */
async function migrate(database: VaultDatabase, slot: string, key: CryptoKey): Promise<void> {
  const legacy: unknown = await withStores(database, 'readonly', (keys) => request<unknown>(keys.get(slot)));
  if (!(legacy instanceof CryptoKey)) return;
  const names = await withStores(database, 'readonly', (_keys, caches) => request(caches.getAllKeys()));
  const resealed: [string, Sealed][] = [];
  for (const name of names) {
    if (typeof name !== 'string' || !name.startsWith(`${slot}:`)) continue;
    const sealed = await withStores(database, 'readonly', (_keys, caches) => request<unknown>(caches.get(name)));
    if (!isSealed(sealed)) continue;
    try {
      resealed.push([name, await seal(key, name, await unseal(legacy, name, sealed))]);
    } catch {
      // Unreadable under its own key already: left as it is.
    }
  }
  await withStores(database, 'readwrite', (keys, caches) => {
    for (const [name, sealed] of resealed) caches.put(sealed, name);
    keys.delete(slot);
  });
}

/** Opens the encrypted storage of one slot under `key`, the person's data key (keyring.ts). */
export async function openVault(
  slot: string,
  dataKey: CryptoKey,
  database: VaultDatabase = CACHE_DATABASE,
): Promise<VaultStorage> {
  await migrate(database, slot, dataKey);
  let key: CryptoKey | undefined = dataKey;
  const storedName = (name: string) => `${slot}:${name}`;
  return {
    async getItem(name) {
      if (!key) return null;
      const sealed = await withStores(database, 'readonly', (_keys, caches) =>
        request<unknown>(caches.get(storedName(name))),
      );
      if (!isSealed(sealed)) return null;
      return unseal(key, storedName(name), sealed);
    },
    async setItem(name, value) {
      const current = key;
      if (!current) return;
      const sealed = await seal(current, storedName(name), value);
      if (!key) return;
      await withStores(database, 'readwrite', (_keys, caches) => request(caches.put(sealed, storedName(name))));
    },
    async removeItem(name) {
      await withStores(database, 'readwrite', (_keys, caches) => request(caches.delete(storedName(name))));
    },
    close() {
      key = undefined;
    },
    setAside(name) {
      return withStores(database, 'readwrite', async (_keys, caches) => {
        const sealed = await request<unknown>(caches.get(storedName(name)));
        if (!isSealed(sealed)) return false;
        // Its additional data stays its old name, kept beside it.
        caches.put({ ...sealed, sealedAs: storedName(name) }, `${storedName(name)}:set-aside:${Date.now()}`);
        caches.delete(storedName(name));
        return true;
      });
    },
  };
}

/** Deletes everything written under one slot (and an earlier build's key of it). */
export async function deleteVault(slot: string, database: VaultDatabase = CACHE_DATABASE): Promise<void> {
  await deleteVaultsWhere(database, (name) => name === slot || name.startsWith(`${slot}:`));
}

/** Deletes every cache slot except `keep` (the signed-in user's): no one else's cached data stays on this device. */
export async function deleteOtherVaults(keep: string | null): Promise<void> {
  await deleteVaultsWhere(CACHE_DATABASE, (name) => keep === null || (name !== keep && !name.startsWith(`${keep}:`)));
}

async function deleteVaultsWhere(database: VaultDatabase, matches: (name: string) => boolean): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await withStores(database, 'readwrite', async (keys, caches) => {
    for (const store of [keys, caches]) {
      const names = await request(store.getAllKeys());
      for (const name of names) if (typeof name === 'string' && matches(name)) store.delete(name);
    }
  });
}
