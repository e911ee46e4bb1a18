/**
 * The signed-in shell of spec section 2 on a phone, a tablet and a desktop:
 * the staff navigation bar (behind a burger below 768 px, a rail of icons up
 * to 1023 px, expanded from 1024 px), none for clients, sign-out, the page
 * error banner when the API cannot be reached (and not when the device is
 * offline), and axe on the navigation opened on a phone (every screen's touch
 * targets and axe: every-screen.spec.ts).
 */
import type { Page, Request } from '@playwright/test';
import { generateClients } from '../../scripts/demo/clients.ts';
import { stableUuid } from '../../scripts/demo/stable-id.ts';
import { expect, expectNoSeriousAxeViolation, signIn, test } from './fixtures.ts';

// Requests the service worker made would slip past page.route.
test.use({ serviceWorkers: 'block' });

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1280, height: 800 };

const idOf = (email: string) => stableUuid(`thrive-demo:${email}`);
/** client2 has given HIPAA consent, so no consent modal stands over the portal. */
const CLIENT = { email: 'client2@thrive.test', name: 'Daniel Okafor', id: idOf('client2@thrive.test') };

const API_UNREACHABLE =
  'Network error: Unable to connect to the API server. Please check your internet connection or contact support.';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function signInAt(page: Page, viewport: { width: number; height: number }, email: string, lands: RegExp) {
  await page.setViewportSize(viewport);
  await signIn(page, email);
  await expect(page).toHaveURL(lands);
  await expect(h1(page)).toBeVisible();
}

/** The nav's state attribute and its rendered width. */
async function navShape(page: Page) {
  const nav = page.locator('nav[aria-label="Main"]');
  return { state: await nav.getAttribute('data-nav-state'), width: (await nav.boundingBox())?.width ?? 0 };
}

test.describe('clients never get a navigation bar', () => {
  test('client2 at 390, 820 and 1280 px: a header, no navigation, no burger', async ({ page }) => {
    await signInAt(page, PHONE, CLIENT.email, new RegExp(`/user/home/${CLIENT.id}$`));
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { name: CLIENT.name })).toBeVisible();
      await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /navigation/ })).toHaveCount(0);
    }
  });

  test('signing out from the client’s home', async ({ page }) => {
    // Signing out ends the user's sessions everywhere: an account no other spec uses.
    const client = generateClients(50)[2]!;
    const name = `${client.firstName} ${client.lastName}`;
    await signInAt(page, PHONE, client.email, new RegExp(`/user/home/${client.id}$`));
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(name)).toHaveCount(0);
  });
});

for (const staff of [
  {
    who: 'a nurse',
    email: 'nurse@thrive.test',
    home: /\/hub$/,
    areas: ['Hub', 'Appointments', 'Discovery', 'Thrive dashboard'],
  },
  { who: 'an admin', email: 'admin@thrive.test', home: /\/backoffice$/, areas: ['Backoffice', 'Users'] },
]) {
  test.describe(`${staff.who}: the navigation bar follows the width`, () => {
    test('phone: behind a burger; it opens over the page and closes on navigation and on Escape', async ({ page }) => {
      await signInAt(page, PHONE, staff.email, staff.home);
      const burger = page.getByRole('button', { name: 'Open navigation' });
      await expect(burger).toBeVisible();
      await expect(mainNav(page)).toBeHidden();

      await burger.click();
      await expect(mainNav(page)).toBeVisible();
      expect((await navShape(page)).state).toBe('mobile');
      await expect(mainNav(page).getByRole('link')).toHaveText(staff.areas);
      await expect(mainNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
      // It covers the screen: the whole width.
      expect((await navShape(page)).width).toBeGreaterThan(PHONE.width - 2);

      await page.keyboard.press('Escape');
      await expect(mainNav(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();

      await page.getByRole('button', { name: 'Open navigation' }).click();
      const target = staff.areas[1]!;
      await mainNav(page).getByRole('link', { name: target }).click();
      await expect(h1(page)).toHaveText(target);
      await expect(mainNav(page)).toBeHidden();
    });

    test('tablet: a rail of icons with names and tooltips, which can widen; desktop: icons and labels', async ({
      page,
    }) => {
      await signInAt(page, TABLET, staff.email, staff.home);
      await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
      await expect(mainNav(page)).toBeVisible();
      let shape = await navShape(page);
      expect(shape.state).toBe('collapsed');
      expect(shape.width).toBeLessThan(90);
      const links = mainNav(page).getByRole('link');
      await expect(links).toHaveCount(staff.areas.length);
      for (const [index, label] of staff.areas.entries()) {
        await expect(links.nth(index)).toHaveAccessibleName(label);
        // The label is not drawn on the rail; the tooltip shows it.
        await expect(links.nth(index)).not.toContainText(label);
      }
      await expect(mainNav(page).locator('[aria-current="page"]')).toHaveAccessibleName(staff.areas[0]!);

      await links.nth(1).hover();
      await expect(page.getByRole('tooltip')).toHaveText(staff.areas[1]!);

      await mainNav(page).getByRole('button', { name: 'Expand navigation' }).click();
      await expect(mainNav(page).getByRole('link', { name: staff.areas[1] })).toContainText(staff.areas[1]!);
      expect((await navShape(page)).width).toBeGreaterThan(200);
      await mainNav(page).getByRole('button', { name: 'Collapse navigation' }).click();
      await expect.poll(async () => (await navShape(page)).width).toBeLessThan(90);

      // 1023 px is still the tablet; 1024 px is the desktop.
      await page.setViewportSize({ width: 1023, height: 800 });
      await expect.poll(async () => (await navShape(page)).state).toBe('collapsed');
      await page.setViewportSize({ width: 1024, height: 800 });
      await expect.poll(async () => (await navShape(page)).state).toBe('expanded');
      await page.setViewportSize(DESKTOP);
      shape = await navShape(page);
      expect(shape.state).toBe('expanded');
      expect(shape.width).toBeGreaterThan(200);
      await expect(mainNav(page).getByRole('link')).toHaveText(staff.areas);
      await expect(page.getByRole('button', { name: 'Expand navigation' })).toHaveCount(0);
      // 767 px is the phone.
      await page.setViewportSize({ width: 767, height: 800 });
      await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
      await expect(mainNav(page)).toBeHidden();
    });
  });
}

test('staff sign out from the rail of the navigation bar', async ({ page }) => {
  // Signing out ends the user's sessions everywhere: the second receptionist, whom no other spec signs in.
  await signInAt(page, TABLET, 'reception2@thrive.test', /\/hub$/);
  await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/hub');
  await expect(page).toHaveURL(/\/login/);
});

test.describe('the API-unreachable banner', () => {
  /**
   * The person comes back to the tab a while later: what is on screen is
   * stale and TanStack Query fetches it again.
   */
  async function comeBackLater(page: Page) {
    await page.clock.fastForward('02:00');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  }

  /**
   * The API goes away once the requests already on their way have their answers: one of those arriving after the
   * drop would rightly take the banner away again.
   */
  async function dropApi(page: Page) {
    await expect.poll(() => apiRequestsInFlight.get(page)?.size ?? 0).toBe(0);
    await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
  }
  const apiRequestsInFlight = new WeakMap<Page, Set<Request>>();
  function trackApiRequests(page: Page) {
    const inFlight = new Set<Request>();
    apiRequestsInFlight.set(page, inFlight);
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/')) inFlight.add(request);
    });
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
  }
  const banner = (page: Page) => page.getByRole('alert').filter({ hasText: API_UNREACHABLE });

  test('appears once when the API drops the connection, is dismissible, and goes when the API answers', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/ERR_CONNECTION_REFUSED|Failed to load resource/);
    trackApiRequests(page);
    await page.clock.install();
    await signInAt(page, DESKTOP, 'nurse@thrive.test', /\/hub$/);
    await expect(page.getByRole('banner').getByText('Nina Thomas')).toBeVisible();

    await dropApi(page);
    await comeBackLater(page);
    await expect(banner(page)).toHaveCount(1);
    await expect(banner(page)).toBeVisible();

    // A later request that succeeds takes it away by itself.
    await page.unrouteAll();
    await comeBackLater(page);
    await expect(banner(page)).toHaveCount(0);

    // Dismissed, it stays away while the API is still unreachable.
    await dropApi(page);
    await comeBackLater(page);
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner(page)).toHaveCount(0);
    await comeBackLater(page);
    await page.clock.runFor(5000);
    await expect(banner(page)).toHaveCount(0);
  });

  test('a page that cannot load says so once, at the top, and loads on Try again', async ({
    page,
    allowConsoleError,
  }) => {
    // The router reports the failed loader in the console too.
    allowConsoleError(/ERR_CONNECTION_REFUSED|Failed to load resource|The API server could not be reached/);
    await signInAt(page, DESKTOP, 'nurse@thrive.test', /\/hub$/);
    await dropApi(page);
    // Inside the app, as a link would: the client's details are not loaded yet.
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/client/${CLIENT.id}/details`);
    await expect(banner(page)).toHaveCount(1);
    await expect(banner(page)).toContainText('This client could not be loaded');
    // At the top of the page: above the page's own content.
    const top = (await banner(page).boundingBox())!.y;
    const retry = page.getByRole('button', { name: 'Try again' });
    expect(top).toBeLessThan((await retry.boundingBox())!.y);

    await page.unrouteAll();
    await retry.click();
    await expect(h1(page)).toHaveText(`Details of ${CLIENT.name}`);
    await expect(page.getByRole('alert').filter({ hasText: /could not be loaded|Network error/ })).toHaveCount(0);
  });
});

test.describe('offline is not an error', () => {
  // The app's files come from the service worker while offline.
  test.use({ serviceWorkers: 'allow' });

  async function comeBackLater(page: Page) {
    await page.clock.fastForward('02:00');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  }

  test('no banner while the device is offline: a quiet indicator says so instead', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
    await page.clock.install();
    await signInAt(page, DESKTOP, 'nurse@thrive.test', /\/hub$/);
    // Once the service worker holds the app's files, a load it serves.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect(h1(page)).toHaveText('Hub');
    await context.setOffline(true);
    // The shell's indicator (the hub's own freshness line says it too, in its words).
    await expect(page.getByText(/^Offline( ·|$)/)).toBeVisible();
    await comeBackLater(page);
    await page.clock.runFor(5000);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(API_UNREACHABLE)).toHaveCount(0);
    await context.setOffline(false);
  });
});

// Every screen of every role at 390, 820 and 1280 px (touch targets and axe): every-screen.spec.ts. Here, what
// only a person's action shows: the navigation opened over the page on a phone.
test('axe finds no serious or critical violation in the navigation opened on a phone', async ({ page }) => {
  await signInAt(page, PHONE, 'nurse@thrive.test', /\/hub$/);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(mainNav(page)).toBeVisible();
  await expectNoSeriousAxeViolation(page);
});
