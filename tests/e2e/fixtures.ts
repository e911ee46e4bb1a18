/**
 * Shared end-to-end fixtures. Every test fails on a console error it did not
 * announce with `allowConsoleError`, so a broken request or a React warning
 * cannot hide behind a green run.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { passwordSignIn } from '../../scripts/identity/client.ts';
import { stackConfig } from '../../scripts/stack/config.ts';
import { E2E_ENV } from '../support/e2e-env.ts';

interface Fixtures {
  allowConsoleError: (pattern: RegExp) => void;
}

export const test = base.extend<Fixtures>({
  allowConsoleError: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const unexpected: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      });
      page.on('pageerror', (error) => unexpected.push(`uncaught: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const DEMO_PASSWORD = 'Thrive!2026';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signed in: off the sign-in page, with the user's own name on screen (their profile, home or header). */
export async function expectSignedIn(page: Page, name: string): Promise<void> {
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** The current code of an authenticator app holding `secret` (base32), never one about to roll over. */
export async function totpCode(secret: string): Promise<string> {
  const { Secret, TOTP } = await import('otpauth');
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const remaining = totp.remaining();
  if (remaining < 3000) await new Promise((resolve) => setTimeout(resolve, remaining + 100));
  return totp.generate();
}

/** The identity tokens this page keeps (Amplify's `CognitoIdentityServiceProvider.*` keys, in either storage). */
export function savedTokenKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [window.localStorage, window.sessionStorage]
      .flatMap((storage) => Object.keys(storage))
      .filter(
        (key) => key.startsWith('CognitoIdentityServiceProvider.') && /(accessToken|idToken|refreshToken)$/.test(key),
      ),
  );
}

/**
 * Waits until the service worker controls the page, so the app's code is
 * there without a network. The first visit installs it; with registerType
 * 'prompt' it does not claim the open page, so the next load is the first one
 * it serves.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => !!navigator.serviceWorker.controller)) return;
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** Presses 'Sign out', opening the navigation first where a tablet or phone keeps it behind the burger. */
export async function pressSignOut(page: Page): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('button', { name: 'Sign out' }).click();
}

/** Axe finds no serious or critical violation on the page as it stands. */
export async function expectNoSeriousAxeViolation(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

const stack = stackConfig(E2E_ENV);

/** A demo account's access token, signed in at the identity service directly: for API calls beside the screens. */
export async function accessToken(email: string): Promise<string> {
  const answer = await passwordSignIn(stack.identityUrl, stack.clientId, email, DEMO_PASSWORD);
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`Sign-in of ${email} at the identity service failed: ${JSON.stringify(answer)}`);
  return token;
}
