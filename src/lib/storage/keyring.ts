/**
 * Each person's data key: the AES-GCM key that seals their query cache and
 * their unsent changes on this device (vault.ts). At rest it exists only
 * wrapped by a key derived from their password (PBKDF2-SHA-256, a random salt
 * per person), in a database of its own; unwrapped, it lives in this page's
 * memory as a non-extractable CryptoKey and nowhere else. So a copy of the
 * browser's storage decrypts nothing without the password, and after a reload
 * the person gives the password again (the unlock screen) before anything of
 * theirs is read.
 *
 * The password and the key derived from it are never stored. A successful
 * unwrap is the password check, so unlocking works offline; wrong tries are
 * counted on the device, and past MAX_UNLOCK_FAILURES only a full sign-in (the
 * identity service checks the password) opens the data again.
 */

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA-256; about half a second to a second on a slow tablet, once per sign-in or unlock. */
export const PBKDF2_ITERATIONS = 600_000;

/** Wrong passwords in a row at the unlock screen before a full sign-in is needed. */
export const MAX_UNLOCK_FAILURES = 5;

import { createDataKeys, dataKeys, type DataKeys } from './data-keys';

const DATABASE = 'thrive-keyring';
const STORE = 'wrapped';

/** One person's wrapped data key, as stored. */
interface WrappedKey {
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
  iv: Uint8Array<ArrayBuffer>;
  wrapped: ArrayBuffer;
  /** Wrong passwords given at the unlock screen since the last success. */
  failures: number;
}

export type UnlockResult =
  | { ok: true }
  | { ok: false; reason: 'wrong-password'; triesLeft: number }
  /** Too many wrong tries, or nothing to unlock here: only a full sign-in opens the data. */
  | { ok: false; reason: 'sign-in-needed' };

function isWrappedKey(value: unknown): value is WrappedKey {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<WrappedKey>;
  return (
    record.salt instanceof Uint8Array &&
    record.iv instanceof Uint8Array &&
    record.wrapped instanceof ArrayBuffer &&
    typeof record.iterations === 'number' &&
    typeof record.failures === 'number'
  );
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('Thrive: IndexedDB request failed'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  try {
    const tx = db.transaction(STORE, mode);
    const finished = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('Thrive: IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('Thrive: IndexedDB transaction aborted'));
    });
    const result = await work(tx.objectStore(STORE));
    await finished;
    return result;
  } finally {
    db.close();
  }
}

/** The name a person's wrapped key is stored under: a hash, so the device's storage does not say who used it. */
async function slotOf(username: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`thrive-keyring:${username}`));
  return [...new Uint8Array(digest)]
    .slice(0, 16)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

async function wrappingKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/** The additional data of a wrap: a wrapped key moved to another person's slot does not unwrap. */
const wrapData = (slot: string) => new TextEncoder().encode(`thrive-keyring:${slot}`);

/** The data key, unwrapped as non-extractable; null when the password is not the one it was wrapped with. */
async function unwrap(record: WrappedKey, slot: string, password: string): Promise<CryptoKey | null> {
  const kek = await wrappingKey(password, record.salt, record.iterations);
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      record.wrapped,
      kek,
      { name: 'AES-GCM', iv: record.iv, additionalData: wrapData(slot) },
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
  } catch {
    // AES-GCM's tag does not match: another password.
    return null;
  }
}

/** A new data key and its wrap under `password`. */
async function newWrappedKey(
  slot: string,
  password: string,
  iterations: number,
): Promise<{ key: CryptoKey; record: WrappedKey }> {
  // Extractable only for the moment it is wrapped; the page keeps the non-extractable unwrap of it.
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const kek = await wrappingKey(password, salt, iterations);
  const wrapped = await crypto.subtle.wrapKey('raw', fresh, kek, {
    name: 'AES-GCM',
    iv,
    additionalData: wrapData(slot),
  });
  const record: WrappedKey = { salt, iterations, iv, wrapped, failures: 0 };
  const key = await unwrap(record, slot, password);
  if (!key) throw new Error('Thrive: a new data key could not be unwrapped.');
  return { key, record };
}

export interface KeyringOptions {
  /** Tests only: fewer PBKDF2 iterations, so a suite does not spend seconds per derivation. */
  iterations?: number;
  /** Where unwrapped keys are held; the page's own by default. */
  held?: DataKeys;
}

export interface Keyring {
  /** The person's data key while this page holds it (they signed in or unlocked here). */
  keyOf: (username: string) => CryptoKey | undefined;
  /**
   * After a full sign-in, when the identity service has accepted `password`:
   * unwraps the person's data key, or makes one (first sign-in here, or the
   * password changed elsewhere since: what was sealed under the old key stays
   * sealed and unread). Clears the count of wrong tries.
   */
  openWithVerifiedPassword: (username: string, password: string) => Promise<void>;
  /** The unlock screen: checks `password` on the device alone (offline too) by unwrapping the key. */
  unlock: (username: string, password: string) => Promise<UnlockResult>;
  /** Whether the unlock screen may still be tried (a wrapped key is here and the tries are not used up). */
  canUnlock: (username: string) => Promise<boolean>;
  /** Drops the person's key from this page's memory (sign-out); the wrapped key stays for their unsent changes. */
  forget: (username: string) => void;
}

export function createKeyring({
  iterations = PBKDF2_ITERATIONS,
  held = createDataKeys(),
}: KeyringOptions = {}): Keyring {
  const read = async (slot: string): Promise<WrappedKey | null> => {
    const value = await withStore('readonly', (store) => request<unknown>(store.get(slot)));
    return isWrappedKey(value) ? value : null;
  };
  const write = (slot: string, record: WrappedKey) =>
    withStore('readwrite', async (store) => {
      await request(store.put(record, slot));
    });
  const hold = held.hold;
  // A record never derives with fewer iterations than this build asks for.
  const usable = (record: WrappedKey | null): WrappedKey | null =>
    record && record.iterations >= iterations ? record : null;

  return {
    keyOf: held.keyOf,
    async openWithVerifiedPassword(username, password) {
      const slot = await slotOf(username);
      const record = usable(await read(slot));
      const existing = record ? await unwrap(record, slot, password) : null;
      if (record && existing) {
        if (record.failures !== 0) await write(slot, { ...record, failures: 0 });
        return hold(username, existing);
      }
      const made = await newWrappedKey(slot, password, iterations);
      await write(slot, made.record);
      hold(username, made.key);
    },
    async unlock(username, password) {
      const slot = await slotOf(username);
      const record = usable(await read(slot));
      if (!record || record.failures >= MAX_UNLOCK_FAILURES) return { ok: false, reason: 'sign-in-needed' };
      const key = await unwrap(record, slot, password);
      if (!key) {
        // Read again: another tab may have counted a try meanwhile.
        const failures = ((await read(slot))?.failures ?? record.failures) + 1;
        await write(slot, { ...record, failures });
        const triesLeft = MAX_UNLOCK_FAILURES - failures;
        return triesLeft > 0
          ? { ok: false, reason: 'wrong-password', triesLeft }
          : { ok: false, reason: 'sign-in-needed' };
      }
      if (record.failures !== 0) await write(slot, { ...record, failures: 0 });
      hold(username, key);
      return { ok: true };
    },
    async canUnlock(username) {
      const record = usable(await read(await slotOf(username)));
      return record !== null && record.failures < MAX_UNLOCK_FAILURES;
    },
    forget: held.forget,
  };
}

/** The keyring of this page, holding what it unwraps in the page's data keys. */
export const keyring: Keyring = createKeyring({ held: dataKeys });
