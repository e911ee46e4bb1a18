/**
 * The signed-in session against the real local stack: the API client's
 * refresh-and-retry, the expired session's alert, the 50-minute refresh, and
 * sign-out. Uses ready accounts only, which any number of tests may share.
 */
import type { Page, Request, Route } from '@playwright/test';
import { generateClients } from '../../scripts/demo/clients.ts';
import { test, expect, expectSignedIn, savedTokenKeys, signIn } from './fixtures.ts';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/**
 * Signing out (an expired session too) ends the user's sessions on every
 * device: the tests that sign someone out use generated clients no other spec
 * signs in, one each.
 */
const [EXPIRING, REFUSED, SIGNING_OUT] = [8, 11, 14].map((index) => {
  const client = generateClients(50)[index]!;
  return { email: client.email, name: `${client.firstName} ${client.lastName}` };
}) as [{ email: string; name: string }, { email: string; name: string }, { email: string; name: string }];

// Requests the service worker made would slip past page.route.
test.use({ serviceWorkers: 'block' });

function isRefresh(request: Request): boolean {
  return (
    /\/identity\b/.test(request.url()) && /GetTokensFromRefreshToken$/.test(request.headers()['x-amz-target'] ?? '')
  );
}

/** Counts the token refreshes the page asks the identity service for. */
function countRefreshes(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (isRefresh(request)) seen.count += 1;
  });
  return seen;
}

/** From now on the identity service refuses to refresh, as Cognito does for a revoked or expired refresh token. */
async function refuseRefresh(page: Page): Promise<void> {
  await page.route('**/identity**', (route: Route) => {
    if (!isRefresh(route.request())) return route.fallback();
    return route.fulfill({
      status: 400,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'NotAuthorizedException' },
      body: JSON.stringify({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' }),
    });
  });
}

/** Every API call from now on carries `token` instead of the app's access token (the API answers 401). */
async function spoilAccessToken(page: Page, { onlyFirst = false } = {}): Promise<void> {
  let spoiled = 0;
  await page.route('**/api/v1/**', (route) => {
    if (onlyFirst && spoiled > 0) return route.fallback();
    spoiled += 1;
    return route.fallback({ headers: { ...route.request().headers(), authorization: 'Bearer garbage' } });
  });
}

/**
 * The user comes back to the tab a while later: the cached data is stale and
 * React Query fetches it again. (A reload would not call the API: the cache is
 * persisted on the device and restored.)
 */
async function comeBackLater(page: Page): Promise<void> {
  await page.clock.fastForward('02:00');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
}

/** Accepts every alert and keeps its text. */
function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

test('session expiry mid-use: a token the API rejects and a refresh that fails end on /login with the alert', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 40[01]/);
  await page.clock.install();
  await signIn(page, EXPIRING.email);
  await expectSignedIn(page, EXPIRING.name);
  const dialogs = collectDialogs(page);
  const refreshes = countRefreshes(page);
  await spoilAccessToken(page);
  await refuseRefresh(page);

  await comeBackLater(page);

  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => dialogs).toEqual([SESSION_EXPIRED]);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(refreshes.count).toBe(1);
  expect(await savedTokenKeys(page)).toEqual([]);
  await expect(page.getByText(EXPIRING.name)).toHaveCount(0);
});

test('a token the API rejects is refreshed once and the call retried once, unseen by the user', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 401/);
  await page.clock.install();
  await signIn(page, 'nurse@thrive.test');
  await expectSignedIn(page, 'Nina Thomas');
  // The hub's first reads are over before the next call is spoiled: that call is one the return below makes.
  await page.waitForLoadState('networkidle');
  const dialogs = collectDialogs(page);
  const refreshes = countRefreshes(page);
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/v1/')) answers.push(response.status());
  });
  await spoilAccessToken(page, { onlyFirst: true });

  await comeBackLater(page);
  // The spoiled call's 401, then its retry's 200: a read that was still on its way may answer 200 before either.
  await expect.poll(() => answers.includes(401) && answers.slice(answers.indexOf(401) + 1).includes(200)).toBe(true);

  await expectSignedIn(page, 'Nina Thomas');
  expect(refreshes.count).toBe(1);
  expect(answers.filter((status) => status === 401)).toHaveLength(1);
  expect(answers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
  expect(dialogs).toEqual([]);
});

test('credentials refresh after 50 minutes while signed in', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'doctor@thrive.test');
  await expectSignedIn(page, 'Divya Rao');
  // A screen that asks the API nothing more while it is open (the hub's schedule refetches every minute, and
  // a 15-minute access token is renewed before any call that finds it expired).
  await page.goto('/thrive-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const refreshes = countRefreshes(page);

  await page.clock.fastForward('49:00');
  expect(refreshes.count).toBe(0);
  const refreshed = page.waitForRequest(isRefresh);
  await page.clock.fastForward('01:00');
  const response = await (await refreshed).response();
  expect(response?.status()).toBe(200);
  await expectSignedIn(page, 'Divya Rao');
  expect(await savedTokenKeys(page)).not.toEqual([]);
});

test('a failed background refresh signs the user out', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 400/);
  await page.clock.install();
  await signIn(page, REFUSED.email);
  await expectSignedIn(page, REFUSED.name);
  const dialogs = collectDialogs(page);
  await refuseRefresh(page);

  await page.clock.fastForward('50:00');

  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => dialogs).toEqual([SESSION_EXPIRED]);
  expect(await savedTokenKeys(page)).toEqual([]);
});

test('signing out returns to /login and leaves no tokens behind', async ({ page }) => {
  await signIn(page, SIGNING_OUT.email);
  await expectSignedIn(page, SIGNING_OUT.name);
  expect(await savedTokenKeys(page)).not.toEqual([]);

  await page.getByRole('button', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(/\/login/);
  expect(await savedTokenKeys(page)).toEqual([]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(SIGNING_OUT.name)).toHaveCount(0);
});
