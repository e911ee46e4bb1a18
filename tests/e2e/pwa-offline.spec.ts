/**
 * Offline: after one visit the app starts with no network and no server, signed in, showing the saved profile
 * marked offline; back online it says so quietly and fetches again; a screen never opened says nothing is saved;
 * an expired access token does not sign anyone out while offline.
 */
import type { Page } from '@playwright/test';
import { OFFLINE_NOTHING_SAVED_MESSAGE } from '../../src/lib/query/offline.ts';
import { startPrivateStack, type PrivateStack } from '../support/private-stack.ts';
import { DEMO_PASSWORD, expect, expectSignedIn, signIn, test, unlocksWith, waitForServiceWorker } from './fixtures.ts';
import { fullName, pwaClient, usernameOf, waitForSavedProfile } from './pwa-support.ts';

// A client no other spec signs in (nor signs out).
const B = pwaClient(11);

// The tests are independent and sign nobody out: the two workers may share the file.
test.describe.configure({ mode: 'parallel' });

test.describe('offline', () => {
  /** What Chromium logs for the requests a page makes with no network or no server. */
  const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch|net::ERR_FAILED/;
  const offlineLine = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline/ });

  test('after one visit the app starts with no network and no server, signed in, showing the saved profile marked offline', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    // A stack of its own (started, seeded and stopped here), beside the shared one the other specs use meanwhile.
    test.setTimeout(180_000);
    allowConsoleError(OFFLINE_ERRORS);
    let stack: PrivateStack | undefined;
    try {
      stack = await startPrivateStack();
      const origin = stack.origin;
      await page.goto(`${origin}/login`);
      await page.getByLabel(/^Email/).fill(B.email);
      await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Starting again asks for the password (checked on the device, offline too).
      unlocksWith(page);
      await expectSignedIn(page, fullName(B));
      await waitForServiceWorker(page);
      await waitForSavedProfile(page);
      const url = page.url();

      // Nothing answers any more: the whole stack is stopped, and the browser is offline too.
      await stack.stop();
      await expect
        .poll(() =>
          fetch(`${origin}/version.json`).then(
            () => 'answering',
            () => 'stopped',
          ),
        )
        .toBe('stopped');
      await page.clock.install();
      await context.setOffline(true);
      await page.goto(url);

      await expectSignedIn(page, fullName(B));
      await expect(offlineLine(page)).toContainText(/Offline · showing data from (just now|\d+ min ago)/);
      await page.clock.fastForward('03:00');
      await expect(offlineLine(page)).toContainText(/Offline · showing data from \d+ min ago/);
    } finally {
      // Leave that origin first, so no late request of the page meets a stopped server.
      await page.goto('about:blank').catch(() => undefined);
      await stack?.dispose();
    }
  });

  test('back online: a quiet note, and the saved data is fetched again', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_ERRORS);
    await signIn(page, B.email);
    await expectSignedIn(page, fullName(B));
    await waitForServiceWorker(page);
    await waitForSavedProfile(page);
    const url = page.url();

    await page.clock.install();
    await context.setOffline(true);
    await page.goto(url);
    await expectSignedIn(page, fullName(B));
    await expect(offlineLine(page)).toBeVisible();
    await page.clock.fastForward('03:00');

    // Back online: a quiet note, and the (now stale) data is fetched again.
    const refetched = page.waitForRequest((req) => req.url().includes('/api/v1/users/users/'));
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('status').filter({ hasText: 'Back online' })).toBeVisible();
    await refetched;
  });

  test('a screen never opened on this device says, offline, that nothing is saved, and loads by itself when the network returns', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_ERRORS);
    await signIn(page, 'nurse@thrive.test');
    await expect(page).toHaveURL(/\/hub/);
    await waitForServiceWorker(page);
    const clientId = usernameOf(B.email);

    await context.setOffline(true);
    await page.goto(`/client/${clientId}/details`);
    await expect(page.getByText(OFFLINE_NOTHING_SAVED_MESSAGE)).toBeVisible();
    // Said at once, not behind a spinner that waits for the network.
    await expect(page.getByLabel('Loading')).toHaveCount(0);

    // Nobody presses anything: the screen loads when the network returns.
    const loaded = page.waitForResponse((res) => res.url().includes(`/api/v1/users/users/${clientId}`) && res.ok());
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await loaded;
    await expect(page.getByText(fullName(B)).first()).toBeVisible();
    await expect(page.getByText(OFFLINE_NOTHING_SAVED_MESSAGE)).toHaveCount(0);
  });

  test('an expired access token does not sign the user out while offline', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_ERRORS);
    await signIn(page, B.email);
    await expectSignedIn(page, fullName(B));
    await waitForServiceWorker(page);
    await waitForSavedProfile(page);
    const url = page.url();

    // Two hours later (the access token lives one), still no network.
    await page.clock.install({ time: Date.now() + 2 * 60 * 60 * 1000 });
    await context.setOffline(true);
    await page.goto(url);
    await expectSignedIn(page, fullName(B));
    const tokens = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.refreshToken')));
    expect(tokens).toHaveLength(1);
  });
});

test.describe('before the device is ready to work offline', () => {
  // No service worker: the screens not opened yet are not on the device, as on a new one before its precache ends.
  test.use({ serviceWorkers: 'block' });

  test('a screen whose code is not on the device says so offline, without reloading, and opens when the connection returns', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    allowConsoleError(
      /ERR_INTERNET_DISCONNECTED|Failed to fetch|dynamically imported module|net::ERR_FAILED|Unable to preload CSS/,
    );
    await signIn(page, 'nurse@thrive.test');
    await expect(page).toHaveURL(/\/hub/);
    const dashboard = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Thrive dashboard' });
    await expect(dashboard).toBeVisible();
    // A reload would lose this (and lock the app).
    await page.evaluate(() => Object.assign(window, { thriveStillHere: true }));

    await context.setOffline(true);
    await dashboard.click();
    await expect(page.getByText('This screen is not on this device yet')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Offline/ })).toBeVisible();
    expect(await page.evaluate(() => (window as { thriveStillHere?: boolean }).thriveStillHere)).toBe(true);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('heading', { level: 1, name: 'Thrive dashboard' })).toBeVisible();
    expect(await page.evaluate(() => (window as { thriveStillHere?: boolean }).thriveStillHere)).toBe(true);
  });
});
