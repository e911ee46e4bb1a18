import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { confirmPerson } from './confirm-person';
import { createKeyring } from './keyring';
import type { EnrolledPasskey } from './passkey-wrap';

const PASSWORD = 'Thrive!2026';
const CREDENTIAL = 'credential-of-nurse-a';
const freshPage = () => createKeyring({ iterations: 1000 });

/** An authenticator that holds one credential and answers its PRF with `output`; null: the person cancels. */
function authenticator(output: Uint8Array<ArrayBuffer> | null) {
  const asked: EnrolledPasskey[] = [];
  return {
    asked,
    askPasskey: (passkey: EnrolledPasskey) => {
      asked.push(passkey);
      if (!output) {
        return Promise.reject(
          new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
        );
      }
      return Promise.resolve({ credentialId: CREDENTIAL, prfOutput: output });
    },
  };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('confirming the signed-in person', () => {
  it('by password: yes for theirs, no for another, on the device alone', async () => {
    await freshPage().openWithVerifiedPassword('nurse-a', PASSWORD);
    const keyring = freshPage();
    expect(await confirmPerson('nurse-a', { password: PASSWORD }, { keyring })).toBe(true);
    expect(await confirmPerson('nurse-a', { password: 'Thrive!2025' }, { keyring })).toBe(false);
    // Nothing changed: no key held, no try counted (the unlock screen still has all five).
    expect(keyring.keyOf('nurse-a')).toBeUndefined();
    expect(await keyring.unlock('nurse-a', 'Thrive!2025')).toMatchObject({ triesLeft: 4 });
  });

  it('by passkey: asks their passkey with its salt, and checks the answer against their wrap', async () => {
    const page = freshPage();
    await page.openWithVerifiedPassword('nurse-a', PASSWORD, { offerPasskey: true });
    const prfSalt = crypto.getRandomValues(new Uint8Array(32));
    await page.enrolPasskey('nurse-a', { credentialId: CREDENTIAL, prfSalt, prfOutput: new Uint8Array(32).fill(3) });
    const keyring = freshPage();

    const theirs = authenticator(new Uint8Array(32).fill(3));
    expect(await confirmPerson('nurse-a', { passkey: true }, { keyring, askPasskey: theirs.askPasskey })).toBe(true);
    expect(theirs.asked).toEqual([{ credentialId: CREDENTIAL, prfSalt }]);

    const another = authenticator(new Uint8Array(32).fill(4));
    expect(await confirmPerson('nurse-a', { passkey: true }, { keyring, askPasskey: another.askPasskey })).toBe(false);
    const cancelled = authenticator(null);
    expect(await confirmPerson('nurse-a', { passkey: true }, { keyring, askPasskey: cancelled.askPasskey })).toBe(
      false,
    );
    expect(keyring.keyOf('nurse-a')).toBeUndefined();
  });

  it('by passkey, where none was turned on: no, without asking the device', async () => {
    await freshPage().openWithVerifiedPassword('nurse-a', PASSWORD);
    const device = authenticator(new Uint8Array(32).fill(3));
    expect(
      await confirmPerson('nurse-a', { passkey: true }, { keyring: freshPage(), askPasskey: device.askPasskey }),
    ).toBe(false);
    expect(device.asked).toEqual([]);
  });
});
