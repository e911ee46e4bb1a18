/**
 * The device's data is locked apart from the person: after a reload the app
 * asks for the password (checked on the device, offline too) before any
 * client's data or unsent change shows; a wrong password is refused with the
 * tries left; the right one brings back the saved data and the change waiting
 * to be sent. Nothing stored holds a usable key, and a shared tablet keeps no
 * sign-in token in localStorage.
 */
import type { BrowserContext, Page, Response } from '@playwright/test';
import { generateClients } from '../../scripts/demo/clients.ts';
import {
  expect,
  expectNoSeriousAxeViolation,
  OFFLINE_CONSOLE_ERRORS,
  pressSignOut,
  reloadToUnlockScreen,
  savedTokenKeys,
  signIn,
  test,
  waitForServiceWorker,
} from './fixtures.ts';

test.describe.configure({ timeout: 90_000 });

/** A consented generated client no other spec opens. */
const CLIENT = generateClients(50)[38]!;
const CLIENT_NAME = `${CLIENT.firstName} ${CLIENT.lastName}`;

const syncLine = (page: Page) => page.getByRole('button', { name: /Show unsent changes$/ });

/** The next document the page loads, as the service worker answers it. */
async function documentOf(page: Page): Promise<Response> {
  const response = await page.waitForResponse(
    (candidate) => candidate.request().isNavigationRequest() && candidate.frame() === page.mainFrame(),
  );
  expect(response.fromServiceWorker()).toBe(true);
  return response;
}

/** What every IndexedDB record of the page holds: whether any is a CryptoKey, and the stores' names. */
function storedKeys(page: Page): Promise<{ cryptoKeys: number; databases: string[] }> {
  return page.evaluate(async () => {
    const request = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
      });
    let cryptoKeys = 0;
    const databases: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      databases.push(info.name);
      const db = await request(indexedDB.open(info.name));
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await request(db.transaction(store).objectStore(store).getAll());
        cryptoKeys += values.filter((value) => value instanceof CryptoKey).length;
      }
      db.close();
    }
    return { cryptoKeys, databases: databases.sort() };
  });
}

async function useDeviceMode(context: BrowserContext, mode: string) {
  await context.addInitScript((value) => localStorage.setItem('thrive.device', value), JSON.stringify({ mode }));
}

test('after a reload, the unlock screen shows before any client data; the right password brings back the data and the unsent change; signed out, no start opens locked', async ({
  page,
  context,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_CONSOLE_ERRORS);
  const contact = `Meera Iyer ${Date.now()}`;
  await signIn(page, 'nurse5@thrive.test');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.goto(`/client/${CLIENT.id}/profile`);
  // The worker may need a reload to control the page: the profile is read again after it.
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Profile of ${CLIENT_NAME}`);
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();

  // Offline at the bay, a change is kept on the device.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Emergency contact name', { exact: true }).fill(contact);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('region', { name: 'Emergency contact' })).toContainText('Not yet on the server');

  // Nothing stored is a key: the data key exists at rest only wrapped by the nurse's password.
  const stored = await storedKeys(page);
  expect(stored.cryptoKeys).toBe(0);
  expect(stored.databases).toEqual(expect.arrayContaining(['thrive-keyring', 'thrive-outbox', 'thrive-vault']));

  // A reload (still offline): the unlock screen, and nothing of the client or the change. The service worker
  // answers with the screen already in the page, which holds nothing of the person; nor does any token kept on
  // the device (the ID token, with the e-mail, lived in the last page's memory only).
  const lockedStart = documentOf(page);
  await reloadToUnlockScreen(page);
  const lockedHtml = await (await lockedStart).text();
  expect(lockedHtml).toContain('data-prerendered="unlock"');
  expect(lockedHtml).not.toContain('nurse5@thrive.test');
  await expect(page).toHaveURL(/\/unlock/);
  expect((await savedTokenKeys(page)).filter((key) => key.endsWith('.idToken'))).toEqual([]);
  await expect(page.getByText(CLIENT.firstName)).toHaveCount(0);
  await expect(page.getByText(contact)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Emergency contact' })).toHaveCount(0);
  await expect(syncLine(page)).toHaveCount(0);
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  await expectNoSeriousAxeViolation(page);

  // A wrong password is refused, on the device, with the tries left.
  const unlockForm = page.getByRole('form', { name: 'Unlock Thrive' });
  await unlockForm.getByLabel(/^Password/).fill('Thrive!2025');
  await unlockForm.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That password is not right. You have 4 more tries before you need to sign in again.',
  );
  await expect(page.getByText(CLIENT.firstName)).toHaveCount(0);

  // The right one (still offline) opens the saved data and the unsent change, back where the nurse was.
  await unlockForm.getByLabel(/^Password/).fill('Thrive!2026');
  await unlockForm.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/${CLIENT.id}/profile`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Profile of ${CLIENT_NAME}`);
  const emergency = page.getByRole('region', { name: 'Emergency contact' });
  await expect(emergency).toContainText(contact);
  await expect(emergency).toContainText('Not yet on the server');
  await expect(syncLine(page)).toHaveAccessibleName(/^1 change saved on this device/);

  // The network is back: the change goes.
  await context.setOffline(false);
  await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes', { timeout: 20_000 });

  // Signed out, a start is never answered with the unlock screen.
  await pressSignOut(page);
  await expect(page).toHaveURL(/\/login/);
  const signedOutStart = documentOf(page);
  await page.goto('/hub');
  expect(await (await signedOutStart).text()).not.toContain('data-prerendered="unlock"');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('form', { name: 'Unlock Thrive' })).toHaveCount(0);
});

test.describe('before the app has loaded', () => {
  // The app's scripts are held back below; without a service worker every one of them is a plain request.
  test.use({ serviceWorkers: 'block' });

  test('a reload shows the unlock screen at once; a password given before the app is there opens it', async ({
    page,
  }) => {
    await signIn(page, 'nurse@thrive.test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hub');
    const hub = new URL(page.url()).pathname;
    let releaseApp!: () => void;
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });

    await reloadToUnlockScreen(page);
    // The prerendered screen, with no app behind it yet: the password field ready.
    await expect(page.locator('#root[data-prerendered="unlock"]')).toBeVisible();
    await expect(page.getByLabel(/^Password/)).toBeFocused();
    await page.keyboard.type('Thrive!2026');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.locator('#root[data-prerendered="unlock"]')).toBeVisible();

    // The app arrives, takes the screen over and carries the unlock out.
    releaseApp();
    await expect(page).toHaveURL(hub);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hub');
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  });
});

test('a shared tablet keeps no sign-in token in localStorage; a reload keeps the tab’s session behind the unlock screen', async ({
  page,
  context,
}) => {
  await useDeviceMode(context, 'shared');
  await signIn(page, 'nurse@thrive.test');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const localKeys = await page.evaluate(() => Object.keys(localStorage));
  expect(localKeys.filter((key) => key.startsWith('CognitoIdentityServiceProvider.'))).toEqual([]);
  expect(localKeys.filter((key) => /token/i.test(key))).toEqual([]);
  const sessionKeys = await page.evaluate(() => Object.keys(sessionStorage));
  expect(sessionKeys.some((key) => key.endsWith('.refreshToken'))).toBe(true);
  expect(await savedTokenKeys(page)).not.toEqual([]);

  await reloadToUnlockScreen(page);
  const localKeysAfter = await page.evaluate(() => Object.keys(localStorage));
  expect(localKeysAfter.filter((key) => key.startsWith('CognitoIdentityServiceProvider.'))).toEqual([]);
});
