/**
 * The HIPAA authorization (spec section 4): a client who has not consented
 * meets it before anything of the portal, cannot get past it without
 * answering, and after accepting reaches the portal, for good.
 *
 * client@thrive.test is the demo account a person tries the authorization
 * with; these tests never change its consent. The one test that gives consent
 * does so as consent@thrive.test, and every test that needs that account
 * unconsented first has the clinic record a withdrawal, so order and retries
 * do not matter.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import type { components } from '@contract';
import { accessToken, axeScan, expect, signIn, signOutOnline, test } from './fixtures.ts';

type Profile = components['schemas']['Profile'];

// No test here is about the service worker, and installing it in each fresh browser precaches every chunk.
test.use({ serviceWorkers: 'block' });

const CLIENT = demoAccount('client@thrive.test');
const CONSENTING = demoAccount('consent@thrive.test');

const TEXT = {
  title: 'HIPAA authorization',
  checkbox: 'I have read this authorization and I agree to it.',
  accept: 'Accept and continue',
  notTicked: 'Please accept the terms by checking the box',
  saveFailed: 'Failed to record consent. Please try again.',
  recorded: 'Your HIPAA authorization is recorded. Welcome to Thrive.',
} as const;

const authorization = (page: Page) => page.getByRole('dialog', { name: TEXT.title });
/** A section of the client's home: portal content the authorization must keep back. */
const portalContent = (page: Page) => page.locator('main').getByText('Your Thrive', { exact: true });

/** The profile as the API holds it, read with the client's own token. */
async function profileOf(request: APIRequestContext, email: string): Promise<Profile> {
  const { id } = demoAccount(email);
  const answer = await request.get(`/api/v1/users/user-profiles/${id}`, {
    headers: { Authorization: `Bearer ${await accessToken(email)}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Profile;
}

/** The clinic records a written withdrawal, so the account meets the authorization again. */
async function withdrawConsent(request: APIRequestContext, email: string): Promise<void> {
  const where = `/api/v1/users/user-profiles/${demoAccount(email).id}`;
  const Authorization = `Bearer ${await accessToken('reception@thrive.test')}`;
  // Made from the version the profile is at now: the withdrawal is the clinic's record of a letter.
  const current = await request.get(where, { headers: { Authorization } });
  const answer = await request.patch(where, {
    headers: { Authorization, 'If-Match': current.headers()['etag'] ?? '' },
    data: { hipaa_consent: false, hipaa_consent_date: null, hipaa_consent_version: null },
  });
  expect(answer.status()).toBe(200);
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const { violations } = await axeScan(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

const CLIENT_HOME = `/user/home/${CLIENT.id}`;

test('client@ meets the authorization first and cannot dismiss it', async ({ page }) => {
  // Signs in, walks the keyboard through the dialog and runs axe over the whole text: on a
  // loaded two-core machine that comes near the default 30 s.
  test.setTimeout(60_000);
  await signIn(page, CLIENT.email);
  await expect.poll(() => new URL(page.url()).pathname).toBe(CLIENT_HOME);
  const modal = authorization(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'The health information covered' })).toBeVisible();
  await expect(modal.getByText(/Version 1\.0/)).toBeVisible();
  await expect(portalContent(page)).toHaveCount(0);
  await expect(modal.getByRole('button', { name: /close/i })).toHaveCount(0);

  // Escape and a click outside change nothing.
  await page.keyboard.press('Escape');
  await page.mouse.click(8, 8);
  await expect(modal).toBeVisible();

  // The page behind is inert: the keyboard stays in the authorization.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await modal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }

  // Enter on the unticked box is a submit: it asks for the tick.
  const accept = modal.getByRole('button', { name: TEXT.accept });
  await expect(accept).toBeDisabled();
  await modal.getByRole('checkbox', { name: TEXT.checkbox }).focus();
  await page.keyboard.press('Enter');
  await expect(modal.getByRole('alert')).toHaveText(TEXT.notTicked);

  await expectNoSeriousAxeViolations(page);
});

test('a client without consent meets the authorization on every portal route, and may sign out instead', async ({
  page,
  request,
  allowConsoleError,
}) => {
  // Each page load by address (and back) unlocks with the password again.
  test.slow();
  // The portal's screens ask for their data and the server refuses it (403, consent required) until consent is given.
  allowConsoleError(/status of 403/);
  // Signing out ends the user's sessions everywhere: the account this spec has to itself, not client@.
  await withdrawConsent(request, CONSENTING.email);
  await signIn(page, CONSENTING.email);
  await expect(authorization(page)).toBeVisible();

  // Typing another portal address, or going back, lands on the authorization again.
  await page.goto(`/user/reports/${CONSENTING.id}`);
  await expect(authorization(page)).toBeVisible();
  await expect(page.getByText('Your test results and reports from the clinic.')).toHaveCount(0);
  await page.goBack();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/user/home/${CONSENTING.id}`);
  await expect(authorization(page)).toBeVisible();
  await expect(portalContent(page)).toHaveCount(0);

  // Signing out is the way to leave without answering. The check below signs the same client in again, once the
  // API has ended the sessions (signOutOnline says why it waits).
  await signOutOnline(page, () => authorization(page).getByRole('button', { name: 'Sign out' }).click());
  expect((await profileOf(page.request, CONSENTING.email)).hipaa_consent).toBe(false);
});

test.describe('as the client who gives consent', () => {
  test.beforeEach(async ({ request }) => {
    await withdrawConsent(request, CONSENTING.email);
  });

  test.afterEach(async ({ request }) => {
    await withdrawConsent(request, CONSENTING.email);
  });

  test('accepting records consent to version 1.0 and opens the portal, also after a reload', async ({ page }) => {
    // A sign-in, the consent, the toast's five seconds and a reload: more than 30 s on a busy machine.
    test.slow();
    // Playwright's clock, to see the toast leave after its 5 seconds.
    await page.clock.install();
    await signIn(page, CONSENTING.email);
    const modal = authorization(page);
    await expect(modal).toBeVisible();
    const accept = modal.getByRole('button', { name: TEXT.accept });
    await expect(accept).toBeDisabled();
    await modal.getByRole('checkbox', { name: TEXT.checkbox }).check();
    await expect(accept).toBeEnabled();
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/users/user-profiles/'),
    );
    const acceptedAt = Date.now();
    await accept.click();
    expect((await saved).status()).toBe(200);

    await expect(modal).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Asha Menon' })).toBeVisible();
    await expect(portalContent(page)).toBeVisible();
    const toast = page.getByRole('alert').filter({ hasText: TEXT.recorded });
    await expect(toast).toBeVisible();
    await page.clock.runFor(4000);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1500);
    await expect(toast).toHaveCount(0);

    const profile = await profileOf(page.request, CONSENTING.email);
    expect(profile.hipaa_consent).toBe(true);
    expect(profile.hipaa_consent_version).toBe('1.0');
    expect(Math.abs(Date.parse(profile.hipaa_consent_date ?? '') - acceptedAt)).toBeLessThan(60_000);

    await page.reload();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Asha Menon' })).toBeVisible();
    await expect(authorization(page)).toHaveCount(0);
  });

  test('a failed save says so and the authorization stays, ticked', async ({ page, allowConsoleError }) => {
    allowConsoleError(/status of 500/);
    await page.route('**/api/v1/users/user-profiles/**', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }),
          })
        : route.fallback(),
    );
    await signIn(page, CONSENTING.email);
    const modal = authorization(page);
    const box = modal.getByRole('checkbox', { name: TEXT.checkbox });
    await box.check();
    await modal.getByRole('button', { name: TEXT.accept }).click();

    await expect(modal.getByRole('alert')).toHaveText(TEXT.saveFailed);
    await expect(modal).toBeVisible();
    await expect(box).toBeChecked();
    await expect(modal.getByRole('button', { name: TEXT.accept })).toBeEnabled();
    await expect(portalContent(page)).toHaveCount(0);
    expect((await profileOf(page.request, CONSENTING.email)).hipaa_consent).toBe(false);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the authorization fills the screen and scrolls to the signature', async ({ page }) => {
    await signIn(page, CLIENT.email);
    const modal = authorization(page);
    await expect(modal).toBeVisible();
    const box = await modal.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height).toBe(844);
    const accept = modal.getByRole('button', { name: TEXT.accept });
    await expect(accept).not.toBeInViewport();
    await accept.scrollIntoViewIfNeeded();
    await expect(accept).toBeInViewport();
    await expect(modal.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  });
});

test('a client who has consented never sees it', async ({ page }) => {
  await signIn(page, 'client2@thrive.test');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Daniel Okafor' })).toBeVisible();
  await page.goto(`/user/profile/${demoAccount('client2@thrive.test').id}`);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(authorization(page)).toHaveCount(0);
});

test('staff never see it', async ({ page }) => {
  await signIn(page, 'nurse@thrive.test');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/hub');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(authorization(page)).toHaveCount(0);
});
