/**
 * A shared device never shows one user's data to the next: not on the page, in Web Storage, IndexedDB or Cache
 * Storage; in personal, shared-tablet and kiosk modes, after a sign-out, an idle sign-out or a walk-away.
 */
import { storageSlotFor } from '../../src/lib/query/persist-policy.ts';
import { expect, expectSignedIn, savedTokenKeys, signIn, test, unlock, waitForServiceWorker } from './fixtures.ts';
import {
  everythingStored,
  expectNothingOf,
  fullName,
  pwaClient,
  signOutWithButton,
  useDeviceMode,
  usernameOf,
  vaultSlots,
  waitForIdleWatch,
} from './pwa-support.ts';

// Two clients no other spec signs in: neither may ever see the other's data.
const A = pwaClient(3);
const B = pwaClient(0);

test.describe('a shared device never shows one user’s data to the next', () => {
  for (const mode of ['personal', 'shared'] as const) {
    test(`${mode}: A signs in, browses and signs out; B signs in; nothing of A's is anywhere`, async ({
      page,
      context,
    }) => {
      await useDeviceMode(context, { mode });
      await signIn(page, A.email);
      await expectSignedIn(page, fullName(A));
      // A's data is on the device while A is signed in, encrypted.
      const slotA = await storageSlotFor(usernameOf(A.email));
      await expect.poll(() => vaultSlots(page)).toContain(`${slotA}:query-cache`);
      expectNothingOf(A, (await everythingStored(page)).replace(/CognitoIdentityServiceProvider[^\n]*\n[^\n]*/g, ''));

      await signOutWithButton(page);
      await expect.poll(() => vaultSlots(page)).toEqual([]);
      await expect(page.locator('body')).not.toContainText(A.first);
      expectNothingOf(A, await everythingStored(page));

      await signIn(page, B.email);
      await expectSignedIn(page, fullName(B));
      await expect(page.locator('body')).not.toContainText(A.first);
      await expect(page.locator('body')).not.toContainText(A.last);
      const slotB = await storageSlotFor(usernameOf(B.email));
      // Only ciphertext: B's key is not kept beside it (it is wrapped by B's password, elsewhere).
      await expect.poll(() => vaultSlots(page)).toEqual([`${slotB}:query-cache`]);
      expectNothingOf(A, await everythingStored(page));
    });
  }

  test('B signing in after A left without signing out deletes A’s saved data', async ({ page, context }) => {
    await useDeviceMode(context, { mode: 'shared' });
    await signIn(page, A.email);
    await expectSignedIn(page, fullName(A));
    const slotA = await storageSlotFor(usernameOf(A.email));
    await expect.poll(() => vaultSlots(page)).toContain(`${slotA}:query-cache`);
    // A walks away; the tokens go (e.g. expired overnight, or the browser closed: a shared tablet keeps them in
    // sessionStorage), the saved cache is still there.
    await page.evaluate(() => {
      for (const storage of [localStorage, sessionStorage])
        for (const key of Object.keys(storage))
          if (key.startsWith('CognitoIdentityServiceProvider.')) storage.removeItem(key);
    });
    await page.goto('/login');
    await expect.poll(() => vaultSlots(page)).toEqual([]);
    await signIn(page, B.email);
    await expectSignedIn(page, fullName(B));
    expectNothingOf(A, await everythingStored(page));
  });

  test('idle sign-out on a shared tablet: a countdown for the last minute, then sign-out and wipe', async ({
    page,
    context,
  }) => {
    await useDeviceMode(context, { mode: 'shared', idleMinutes: 3 });
    await page.clock.install();
    await signIn(page, A.email);
    await expectSignedIn(page, fullName(A));
    await expect.poll(() => vaultSlots(page)).not.toEqual([]);
    await waitForIdleWatch(page);

    await page.clock.fastForward('02:01');
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(warning).toBeVisible();
    // The last minute counts down (how far it got depends on how busy the machine is).
    await expect(warning.getByRole('timer')).toContainText(/signed out in ([1-5]?[0-9]|60) seconds/);
    // Staying signed in starts the quiet time again. The click is dispatched on the button itself: a real
    // pointer's approach is activity too and would close the warning before the click landed.
    await warning.getByRole('button', { name: 'Stay signed in' }).dispatchEvent('click');
    await expect(warning).toBeHidden();

    await page.clock.fastForward('02:01');
    await expect(warning).toBeVisible();
    // The idle sign-out ends on a new page, so that nothing of A stays even in this page's memory: the
    // signed-in page is marked, and the sign-in page that replaces it is not.
    await page.evaluate(() => document.documentElement.setAttribute('data-signed-in-page', ''));
    await page.clock.fastForward('01:00');
    await expect(page.locator('html')).not.toHaveAttribute('data-signed-in-page');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(A.first);
    await expect.poll(() => vaultSlots(page)).toEqual([]);
    expectNothingOf(A, await everythingStored(page));
  });

  test('activity in another tab keeps the session', async ({ page, context }) => {
    // Two sign-ins' worth of key derivation (the sign-in and the second tab's unlock) on a busy machine.
    test.setTimeout(60_000);
    await useDeviceMode(context, { mode: 'shared', idleMinutes: 3 });
    await signIn(page, B.email);
    await expectSignedIn(page, fullName(B));
    // A shared tablet keeps the session in its tab: a tab opened on its own starts signed out.
    const stranger = await context.newPage();
    await stranger.goto('/');
    await expect(stranger).toHaveURL(/\/login/);
    await stranger.close();
    // A tab opened from the app's own (the browser copies its session into it) asks for the password, then works on.
    const [other] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate(() => void window.open('/', '_blank')),
    ]);
    await expect(other.getByRole('form', { name: 'Unlock Thrive' })).toBeVisible({ timeout: 20_000 });
    await unlock(other);
    await expectSignedIn(other, fullName(B));
    // The first tab hears the second tab's activity over the BroadcastChannel.
    await page.evaluate(() => {
      const channel = new BroadcastChannel('thrive-activity');
      channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
        if (event.data.type === 'activity') document.body.dataset.heardActivity = 'yes';
      };
    });
    // The second tab's mouse moves once its idle sign-out watches (it loads on its own after the unlock).
    await waitForIdleWatch(other);
    await expect(page.locator('body')).toHaveAttribute('data-heard-activity', 'yes');
  });

  test('kiosk: nothing of the user is persisted while signed in; tokens live in sessionStorage', async ({
    page,
    context,
  }) => {
    await useDeviceMode(context, { mode: 'kiosk' });
    await signIn(page, B.email);
    await expectSignedIn(page, fullName(B));
    await waitForServiceWorker(page);
    expect(await vaultSlots(page)).toEqual([]);
    const inLocalStorage = await page.evaluate(() => Object.keys(localStorage).join('\n'));
    expect(inLocalStorage).not.toContain('CognitoIdentityServiceProvider');
    const inSessionStorage = await page.evaluate(() => Object.keys(sessionStorage).join('\n'));
    expect(inSessionStorage).toContain('CognitoIdentityServiceProvider');
    const stored = await everythingStored(page);
    for (const needle of [B.first, B.last]) expect(stored).not.toContain(needle);
  });
  test('a device that became a kiosk on its own (its configured default changed) keeps no earlier session', async ({
    page,
  }) => {
    await signIn(page, B.email);
    await expectSignedIn(page, fullName(B));
    await expect.poll(() => vaultSlots(page)).not.toEqual([]);
    expect(await savedTokenKeys(page)).not.toEqual([]);

    // Not through changeDeviceMode (which signs out first): the next start simply finds itself a kiosk.
    await page.evaluate(() => localStorage.setItem('thrive.device', JSON.stringify({ mode: 'kiosk' })));
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    expect(await savedTokenKeys(page)).toEqual([]);
    await expect.poll(() => vaultSlots(page)).toEqual([]);
    expectNothingOf(B, await everythingStored(page));
  });
});
