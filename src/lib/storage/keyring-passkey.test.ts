import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_UNLOCK_FAILURES, createKeyring } from './keyring';
import { PRF_SALT_BYTES } from './passkey-wrap';
import { openVault } from './vault';

const TEST_ITERATIONS = 1000;
const PASSWORD = 'Thrive!2026';
const CREDENTIAL = 'credential-of-nurse-a';

/** What an authenticator's PRF gives for one credential and one input: fixed bytes, here made up for the test. */
const prfOutput = (seed: number) => new Uint8Array(32).fill(seed);
const PRF_SALT = crypto.getRandomValues(new Uint8Array(PRF_SALT_BYTES));

const freshPage = () => createKeyring({ iterations: TEST_ITERATIONS });

async function storedRecords(): Promise<Record<string, unknown>[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('thrive-keyring');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new Error('open failed'));
  });
  const records = await new Promise<Record<string, unknown>[]>((resolve) => {
    const req = db.transaction('wrapped').objectStore('wrapped').getAll();
    req.onsuccess = () => resolve(req.result as Record<string, unknown>[]);
  });
  db.close();
  return records;
}

/** Signs in with passkey unlock offered, and turns it on with the PRF output `seed`. */
async function enrolled(seed = 7) {
  const page = freshPage();
  await page.openWithVerifiedPassword('nurse-a', PASSWORD, { offerPasskey: true });
  await page.enrolPasskey('nurse-a', { credentialId: CREDENTIAL, prfSalt: PRF_SALT, prfOutput: prfOutput(seed) });
  return page;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('passkey unlock in the keyring', () => {
  it('after a reload, the passkey’s PRF output opens the same data key the password wraps', async () => {
    const before = await enrolled();
    await (await openVault('slot-a', before.keyOf('nurse-a')!)).setItem('items', 'unsent change');

    const after = freshPage();
    expect(await after.passkeyOf('nurse-a')).toEqual({ credentialId: CREDENTIAL, prfSalt: PRF_SALT });
    expect(await after.unlockWithPasskey('nurse-a', { credentialId: CREDENTIAL, prfOutput: prfOutput(7) })).toEqual({
      ok: true,
    });
    expect(after.keyOf('nurse-a')?.extractable).toBe(false);
    expect(await (await openVault('slot-a', after.keyOf('nurse-a')!)).getItem('items')).toBe('unsent change');
    // The password keeps working beside it.
    const another = freshPage();
    expect(await another.unlock('nurse-a', PASSWORD)).toEqual({ ok: true });
  });

  it('stores the wrap and the credential id, never the PRF output or a key', async () => {
    await enrolled();
    const [record] = await storedRecords();
    const passkey = record!['passkey'] as Record<string, unknown>;
    expect(passkey['credentialId']).toBe(CREDENTIAL);
    expect((passkey['wrapped'] as ArrayBuffer).byteLength).toBe(48);
    const bytes = [passkey['prfSalt'], passkey['iv'], new Uint8Array(passkey['wrapped'] as ArrayBuffer)].map((b) =>
      Array.from(b as Uint8Array).join(','),
    );
    expect(bytes.some((b) => b.includes(Array.from(prfOutput(7)).join(',')))).toBe(false);
    expect(Object.values(passkey).some((value) => value instanceof CryptoKey)).toBe(false);
  });

  it('refuses another output or another credential, without counting it as a wrong password', async () => {
    await enrolled();
    const after = freshPage();
    const refused = { ok: false, reason: 'passkey-refused' };
    expect(await after.unlockWithPasskey('nurse-a', { credentialId: CREDENTIAL, prfOutput: prfOutput(8) })).toEqual(
      refused,
    );
    expect(await after.unlockWithPasskey('nurse-a', { credentialId: 'another', prfOutput: prfOutput(7) })).toEqual(
      refused,
    );
    expect(after.keyOf('nurse-a')).toBeUndefined();
    expect((await storedRecords())[0]!['failures']).toBe(0);
  });

  it('opens nothing once the password tries are used up: only a full sign-in will do', async () => {
    await enrolled();
    const after = freshPage();
    for (let i = 0; i < MAX_UNLOCK_FAILURES; i++) await after.unlock('nurse-a', 'Thrive!2025');
    expect(await after.unlockWithPasskey('nurse-a', { credentialId: CREDENTIAL, prfOutput: prfOutput(7) })).toEqual({
      ok: false,
      reason: 'sign-in-needed',
    });
  });

  it('offers passkey unlock only just after a password opened the data, asked for, and never again after a no', async () => {
    const page = freshPage();
    await page.openWithVerifiedPassword('nurse-a', PASSWORD);
    expect(await page.passkeyOffered('nurse-a')).toBe(false);
    await expect(
      page.enrolPasskey('nurse-a', { credentialId: CREDENTIAL, prfSalt: PRF_SALT, prfOutput: prfOutput(7) }),
    ).rejects.toThrow();

    const later = freshPage();
    expect(await later.unlock('nurse-a', PASSWORD, { offerPasskey: true })).toEqual({ ok: true });
    expect(await later.passkeyOffered('nurse-a')).toBe(true);
    await later.declinePasskey('nurse-a');
    expect(await later.passkeyOffered('nurse-a')).toBe(false);

    const afterNo = freshPage();
    await afterNo.unlock('nurse-a', PASSWORD, { offerPasskey: true });
    expect(await afterNo.passkeyOffered('nurse-a')).toBe(false);
  });

  it('drops the copy kept for the offer when the page lets go of the key (sign-out)', async () => {
    const page = freshPage();
    await page.openWithVerifiedPassword('nurse-a', PASSWORD, { offerPasskey: true });
    page.forget('nurse-a');
    expect(await page.passkeyOffered('nurse-a')).toBe(false);
  });

  it('turned off, the passkey no longer opens; the password does, and it is not offered again', async () => {
    const page = await enrolled();
    await page.removePasskey('nurse-a');
    expect(await page.passkeyOf('nurse-a')).toBeNull();
    const after = freshPage();
    expect(await after.unlockWithPasskey('nurse-a', { credentialId: CREDENTIAL, prfOutput: prfOutput(7) })).toEqual({
      ok: false,
      reason: 'passkey-refused',
    });
    expect(await after.unlock('nurse-a', PASSWORD, { offerPasskey: true })).toEqual({ ok: true });
    expect(await after.passkeyOffered('nurse-a')).toBe(false);
  });

  it('a password changed elsewhere makes a new data key, and the passkey’s wrap of the old one goes', async () => {
    await enrolled();
    await freshPage().openWithVerifiedPassword('nurse-a', 'Changed!2027');
    expect(await freshPage().passkeyOf('nurse-a')).toBeNull();
  });

  it('at sign-out the passkey goes; the password’s wrap stays only for what is left sealed', async () => {
    const keeping = await enrolled();
    await keeping.clearAtSignOut('nurse-a', { keepPasswordWrap: true });
    expect(await keeping.passkeyOf('nurse-a')).toBeNull();
    expect(await freshPage().canUnlock('nurse-a')).toBe(true);

    await keeping.clearAtSignOut('nurse-a', { keepPasswordWrap: false });
    expect(await storedRecords()).toEqual([]);
  });
});

describe('confirming the person on the device', () => {
  it('accepts their password or their passkey and refuses anything else, changing nothing', async () => {
    await enrolled();
    const page = freshPage();
    expect(await page.confirm('nurse-a', { password: PASSWORD })).toBe(true);
    expect(await page.confirm('nurse-a', { password: 'Thrive!2025' })).toBe(false);
    expect(await page.confirm('nurse-a', { passkey: { credentialId: CREDENTIAL, prfOutput: prfOutput(7) } })).toBe(
      true,
    );
    expect(await page.confirm('nurse-a', { passkey: { credentialId: CREDENTIAL, prfOutput: prfOutput(9) } })).toBe(
      false,
    );
    expect(await page.confirm('nurse-b', { password: PASSWORD })).toBe(false);
    // Nothing held, nothing counted.
    expect(page.keyOf('nurse-a')).toBeUndefined();
    expect((await storedRecords())[0]!['failures']).toBe(0);
  });
});
