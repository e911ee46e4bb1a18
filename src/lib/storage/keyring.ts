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
 *
 * On a personal device the same data key may also be wrapped under a passkey's
 * PRF output (passkey-wrap.ts): quick unlock with the device's fingerprint,
 * face or screen lock, offline too. The password keeps working beside it.
 */

/** Wrong passwords in a row at the unlock screen before a full sign-in is needed. */
export const MAX_UNLOCK_FAILURES = 5;

import { PBKDF2_ITERATIONS } from '@/config/key-derivation';
import { createDataKeys, dataKeys, type DataKeys } from './data-keys';
import { unwrapDataKey } from './unwrap-data-key';
import type { EnrolledPasskey, PasskeyProof, PasskeyWrap, PersonProof } from './passkey-wrap';

/** The passkey's crypto, loaded when a passkey is used or made (not with the unlock screen's first load). */
const passkeyWrap = () => import('./passkey-wrap');

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
  /** The same data key wrapped under the person's passkey on this device, when they turned passkey unlock on. */
  passkey?: PasskeyWrap;
  /** The person said no to passkey unlock on this device (or turned it off): it is not offered again. */
  passkeyDeclined?: boolean;
}

export type UnlockResult =
  | { ok: true }
  | { ok: false; reason: 'wrong-password'; triesLeft: number }
  /** The passkey's answer does not open the data key (another passkey, or passkey unlock was turned off). */
  | { ok: false; reason: 'passkey-refused' }
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
    typeof record.failures === 'number' &&
    // Checked in full where it is used (passkey-wrap.ts).
    (record.passkey === undefined || typeof record.passkey === 'object')
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

/**
 * The data key, unwrapped as non-extractable; null when `kek` is not the password's key. `extractable` only
 * for the copy a passkey enrolment wraps again (see `pendingForPasskey` in createKeyring).
 */
const unwrapWith = (kek: CryptoKey, record: WrappedKey, slot: string, extractable = false) =>
  unwrapDataKey(record.wrapped, kek, { iv: record.iv, additionalData: wrapData(slot) }, extractable);

/** The password's key for `record` (the slow PBKDF2 derivation, once per try). */
const passwordKey = (record: WrappedKey, password: string) => wrappingKey(password, record.salt, record.iterations);

/** The data key unwrapped by the passkey's answer; null when it is not the passkey this record's wrap is for. */
async function openWithPasskey(
  slot: string,
  record: Pick<WrappedKey, 'passkey'>,
  proof: PasskeyProof,
): Promise<CryptoKey | null> {
  const { isPasskeyWrap, unwrapWithPasskey } = await passkeyWrap();
  const wrap = record.passkey;
  if (!isPasskeyWrap(wrap) || wrap.credentialId !== proof.credentialId) return null;
  return unwrapWithPasskey(slot, wrap, proof.prfOutput);
}

/** A new data key and its wrap under `password`. */
async function newWrappedKey(
  slot: string,
  password: string,
  iterations: number,
): Promise<{ key: CryptoKey; record: WrappedKey; kek: CryptoKey }> {
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
  const key = await unwrapWith(kek, record, slot);
  if (!key) throw new Error('Thrive: a new data key could not be unwrapped.');
  return { key, record, kek };
}

export interface KeyringOptions {
  /** Tests only: fewer PBKDF2 iterations, so a suite does not spend seconds per derivation. */
  iterations?: number;
  /** Where unwrapped keys are held; the page's own by default. */
  held?: DataKeys;
}

/** For a password that opened the data: whether passkey unlock may be offered now (see `passkeyOffered`). */
export interface OpenOptions {
  offerPasskey?: boolean;
}

export interface Keyring {
  /** The person's data key while this page holds it (they signed in or unlocked here). */
  keyOf: (username: string) => CryptoKey | undefined;
  /**
   * After a full sign-in, when the identity service has accepted `password`:
   * unwraps the person's data key, or makes one (first sign-in here, or the
   * password changed elsewhere since: what was sealed under the old key stays
   * sealed and unread, and a passkey's wrap of the old key goes). Clears the
   * count of wrong tries.
   */
  openWithVerifiedPassword: (username: string, password: string, options?: OpenOptions) => Promise<void>;
  /** The unlock screen: checks `password` on the device alone (offline too) by unwrapping the key. */
  unlock: (username: string, password: string, options?: OpenOptions) => Promise<UnlockResult>;
  /**
   * The unlock screen's passkey: its PRF output unwraps the same data key. A refusal is not counted with
   * the wrong passwords (the authenticator's own check, with its own limits, stands before the output).
   */
  unlockWithPasskey: (username: string, proof: PasskeyProof) => Promise<UnlockResult>;
  /** Whether the unlock screen may still be tried (a wrapped key is here and the tries are not used up). */
  canUnlock: (username: string) => Promise<boolean>;
  /** The person's passkey for unlocking on this device, if they turned it on. */
  passkeyOf: (username: string) => Promise<EnrolledPasskey | null>;
  /**
   * Whether passkey unlock can be turned on now: a password opened the data in this page with
   * `offerPasskey`, the person has no passkey here and never said no to one.
   */
  passkeyOffered: (username: string) => Promise<boolean>;
  /** Wraps the data key under a new passkey's PRF output (only while `passkeyOffered`). */
  enrolPasskey: (username: string, passkey: EnrolledPasskey & { prfOutput: BufferSource }) => Promise<void>;
  /** Passkey unlock is not wanted on this device: the offer goes and does not come back. */
  declinePasskey: (username: string) => Promise<void>;
  /** Turns passkey unlock off: its wrap goes (the password keeps working); it is not offered again. */
  removePasskey: (username: string) => Promise<void>;
  /**
   * Whether `proof` is this person's password or passkey on this device, checked against their wrapped key
   * alone (offline too): for re-confirming who is at the screen before a step that needs it. Changes nothing:
   * no count of wrong tries, no key held.
   */
  confirm: (username: string, proof: PersonProof) => Promise<boolean>;
  /**
   * At sign-out on a device that keeps data: the person's entry goes, passkey and all, unless what they
   * leave sealed here (unsent changes) still needs the password's wrap; the passkey's goes in any case.
   */
  clearAtSignOut: (username: string, options: { keepPasswordWrap: boolean }) => Promise<void>;
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
  const remove = (slot: string) =>
    withStore('readwrite', async (store) => {
      await request(store.delete(slot));
    });
  const hold = held.hold;
  // A record never derives with fewer iterations than this build asks for.
  const usable = (record: WrappedKey | null): WrappedKey | null =>
    record && record.iterations >= iterations ? record : null;
  /**
   * An extractable copy of a data key, kept in this page's memory from a password's unwrap until the person
   * answers the passkey offer (or signs out): wrapping the key under a passkey needs its bytes, and the
   * password is not kept. Anything that could read it here could already use the held key itself.
   */
  const pendingForPasskey = new Map<string, CryptoKey>();
  // The copy lives no longer than the held key (sign-out, someone else signing in).
  held.subscribe(() => {
    for (const username of pendingForPasskey.keys()) if (!held.keyOf(username)) pendingForPasskey.delete(username);
  });
  const offerable = (record: WrappedKey) => !record.passkey && !record.passkeyDeclined;
  /** After a password opened `record`: keeps the copy a passkey offer needs, where one may be made. */
  const keepForOffer = async (username: string, slot: string, kek: CryptoKey, record: WrappedKey) => {
    const copy = await unwrapWith(kek, record, slot, true);
    if (copy) pendingForPasskey.set(username, copy);
  };
  const opened = async (username: string, slot: string, record: WrappedKey, key: CryptoKey) => {
    if (record.failures !== 0) await write(slot, { ...record, failures: 0 });
    hold(username, key);
  };
  const update = async (username: string, change: (record: WrappedKey) => WrappedKey | null) => {
    const slot = await slotOf(username);
    const record = await read(slot);
    if (!record) return;
    const next = change(record);
    if (next) await write(slot, next);
    else await remove(slot);
  };

  return {
    keyOf: held.keyOf,
    async openWithVerifiedPassword(username, password, options = {}) {
      const slot = await slotOf(username);
      const record = usable(await read(slot));
      const kek = record ? await passwordKey(record, password) : null;
      const existing = record && kek ? await unwrapWith(kek, record, slot) : null;
      if (record && kek && existing) {
        if (options.offerPasskey && offerable(record)) await keepForOffer(username, slot, kek, record);
        return opened(username, slot, record, existing);
      }
      const made = await newWrappedKey(slot, password, iterations);
      // A passkey's wrap was of the old key: it goes. A "no" to passkey unlock stands.
      const record2: WrappedKey = record?.passkeyDeclined ? { ...made.record, passkeyDeclined: true } : made.record;
      await write(slot, record2);
      if (options.offerPasskey && offerable(record2)) await keepForOffer(username, slot, made.kek, record2);
      hold(username, made.key);
    },
    async unlock(username, password, options = {}) {
      const slot = await slotOf(username);
      const record = usable(await read(slot));
      if (!record || record.failures >= MAX_UNLOCK_FAILURES) return { ok: false, reason: 'sign-in-needed' };
      const kek = await passwordKey(record, password);
      const key = await unwrapWith(kek, record, slot);
      if (!key) {
        // Read again: another tab may have counted a try meanwhile.
        const failures = ((await read(slot))?.failures ?? record.failures) + 1;
        await write(slot, { ...record, failures });
        const triesLeft = MAX_UNLOCK_FAILURES - failures;
        return triesLeft > 0
          ? { ok: false, reason: 'wrong-password', triesLeft }
          : { ok: false, reason: 'sign-in-needed' };
      }
      if (options.offerPasskey && offerable(record)) await keepForOffer(username, slot, kek, record);
      await opened(username, slot, record, key);
      return { ok: true };
    },
    async unlockWithPasskey(username, proof) {
      const slot = await slotOf(username);
      const record = usable(await read(slot));
      if (!record || record.failures >= MAX_UNLOCK_FAILURES) return { ok: false, reason: 'sign-in-needed' };
      const key = await openWithPasskey(slot, record, proof);
      if (!key) return { ok: false, reason: 'passkey-refused' };
      await opened(username, slot, record, key);
      return { ok: true };
    },
    async canUnlock(username) {
      const record = usable(await read(await slotOf(username)));
      return record !== null && record.failures < MAX_UNLOCK_FAILURES;
    },
    async passkeyOf(username) {
      const wrap = usable(await read(await slotOf(username)))?.passkey;
      return wrap ? { credentialId: wrap.credentialId, prfSalt: wrap.prfSalt } : null;
    },
    async passkeyOffered(username) {
      if (!pendingForPasskey.has(username)) return false;
      const record = usable(await read(await slotOf(username)));
      return record !== null && offerable(record);
    },
    async enrolPasskey(username, passkey) {
      const copy = pendingForPasskey.get(username);
      if (!copy) throw new Error('Thrive: passkey unlock is turned on only just after a password opened the data.');
      const slot = await slotOf(username);
      const wrap = await (await passkeyWrap()).wrapWithPasskey(slot, copy, passkey);
      // Checked before it is kept: a wrap that would not open is never stored.
      if (!(await openWithPasskey(slot, { passkey: wrap }, passkey)))
        throw new Error('Thrive: the passkey wrap failed.');
      await update(username, (record) => ({ ...record, passkey: wrap }));
      pendingForPasskey.delete(username);
    },
    async declinePasskey(username) {
      pendingForPasskey.delete(username);
      await update(username, (record) => ({ ...record, passkeyDeclined: true }));
    },
    async removePasskey(username) {
      pendingForPasskey.delete(username);
      await update(username, ({ passkey: _removed, ...record }) => ({ ...record, passkeyDeclined: true }));
    },
    async confirm(username, proof) {
      const slot = await slotOf(username);
      const record = usable(await read(slot));
      if (!record) return false;
      if ('password' in proof)
        return (await unwrapWith(await passwordKey(record, proof.password), record, slot)) !== null;
      return (await openWithPasskey(slot, record, proof.passkey)) !== null;
    },
    async clearAtSignOut(username, { keepPasswordWrap }) {
      pendingForPasskey.delete(username);
      await update(username, ({ passkey: _removed, ...record }) => (keepPasswordWrap ? record : null));
    },
    forget: held.forget,
  };
}

/** The keyring of this page, holding what it unwraps in the page's data keys. */
export const keyring: Keyring = createKeyring({ held: dataKeys });
