/**
 * Passkey unlock on a personal phone: after the password opens Thrive, the
 * person is offered to unlock with the device's fingerprint, face or screen
 * lock next time; turned on, a reload into the locked start opens with the
 * passkey alone (its PRF output unwraps the data key on the device). A passkey
 * gone from the device is refused in plain words, and the password still
 * opens. Signing out takes the passkey's wrap with the person's keyring entry.
 *
 * The device is Chromium's virtual authenticator (a platform authenticator
 * that verifies the user and supports the PRF extension), through CDP.
 */
import type { CDPSession, Page } from '@playwright/test';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import {
  expect,
  expectNoSeriousAxeViolation,
  pressSignOut,
  reloadToUnlockScreen,
  signIn,
  test,
  unlock,
  waitForServiceWorker,
} from './fixtures.ts';

test.describe.configure({ timeout: 90_000 });

/** No other spec signs in with it: this one signs out. */
const PERSON = demoAccount('passkey@thrive.test');
const NAME = `${PERSON.firstName} ${PERSON.lastName}`;
const OFFER = 'Unlock with fingerprint, face or screen lock next time';
const REFUSED =
  'Your passkey did not unlock Thrive. It may have been cancelled or removed from this device. Use your password instead.';

/** A phone's own authenticator: internal, user-verifying, with PRF. */
async function addPlatformAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The keyring's records on the device, as stored: which fields each has. */
function keyringRecords(page: Page): Promise<string[][]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('thrive-keyring');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(new Error('open thrive-keyring'));
    });
    if (!db.objectStoreNames.contains('wrapped')) return [];
    const records = await new Promise<unknown[]>((resolve) => {
      const req = db.transaction('wrapped').objectStore('wrapped').getAll();
      req.onsuccess = () => resolve(req.result as unknown[]);
    });
    db.close();
    return records.map((record) => Object.keys(record as object).sort());
  });
}

test('a passkey turned on after sign-in unlocks the next start; removed from the device, it is refused and the password still opens', async ({
  page,
}) => {
  const { cdp, authenticatorId } = await addPlatformAuthenticator(page);
  await signIn(page, PERSON.email);
  await expect(page).toHaveURL(new RegExp(`/user/home/${PERSON.id}$`));
  await waitForServiceWorker(page);

  // The offer, once, after the password opened Thrive.
  const offer = page.getByRole('region', { name: OFFER });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Passkey unlock is on. Next time, choose “Unlock with passkey”.')).toBeVisible();
  await expect(offer).toHaveCount(0);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.rpId).toBe(new URL(page.url()).hostname);
  // Beside the password's wrap, the passkey's: nothing else is kept for it.
  expect(await keyringRecords(page)).toEqual([['failures', 'iterations', 'iv', 'passkey', 'salt', 'wrapped']]);

  // The next start opens locked; the passkey alone opens it, back home.
  await reloadToUnlockScreen(page);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  const passkeyButton = page.getByRole('button', { name: 'Unlock with passkey' });
  await expect(passkeyButton).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await passkeyButton.click();
  await expect(page).toHaveURL(new RegExp(`/user/home/${PERSON.id}$`));
  await expect(page.getByText(NAME).first()).toBeVisible();
  // Turned on already: not offered again.
  await expect(page.getByRole('region', { name: OFFER })).toHaveCount(0);

  // The passkey is deleted from the device: refused in plain words, and the password still opens.
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: credentials[0]!.credentialId });
  await reloadToUnlockScreen(page);
  await page.getByRole('button', { name: 'Unlock with passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(REFUSED);
  await expect(page).toHaveURL(/\/unlock/);
  await expect(page.getByText(NAME)).toHaveCount(0);
  await unlock(page);
  await expect(page).toHaveURL(new RegExp(`/user/home/${PERSON.id}$`));
  await expect(page.getByText(NAME).first()).toBeVisible();

  // Signing out takes the person's keyring entry, the passkey's wrap with it.
  await pressSignOut(page);
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => keyringRecords(page)).toEqual([]);
  // Nor is the person named in what the browser keeps for the page.
  const kept = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
  expect(kept).not.toContain(PERSON.email);
});

test('passkey unlock can be turned off at the unlock screen; then only the password opens', async ({ page }) => {
  await addPlatformAuthenticator(page);
  await signIn(page, PERSON.email);
  await expect(page).toHaveURL(new RegExp(`/user/home/${PERSON.id}$`));
  await page.getByRole('region', { name: OFFER }).getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('region', { name: OFFER })).toHaveCount(0);

  await reloadToUnlockScreen(page);
  await page.getByRole('button', { name: 'Turn off passkey unlock' }).click();
  await expect(page.getByText('Passkey unlock is off on this device. Unlock with your password.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlock with passkey' })).toHaveCount(0);
  await unlock(page);
  await expect(page).toHaveURL(new RegExp(`/user/home/${PERSON.id}$`));
  // Turned off is a no: not offered again on this device.
  await expect(page.getByRole('region', { name: OFFER })).toHaveCount(0);
  expect((await keyringRecords(page))[0]).not.toContain('passkey');
});
