/**
 * Shared end-to-end fixtures. Every test fails on a console error it did not
 * announce with `allowConsoleError`, so a broken request or a React warning
 * cannot hide behind a green run.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { passwordSignIn } from '../../scripts/identity/client.ts';
import { stackConfig } from '../../scripts/stack/config.ts';
import { TOKEN_KEY_PREFIX } from '../../src/lib/auth/token-keys.ts';
import { CACHE_SAVED_MARK } from '../../src/lib/query/cache-saved-mark.ts';
import { E2E_ENV } from '../support/e2e-env.ts';

interface Fixtures {
  allowConsoleError: (pattern: RegExp) => void;
}

/** The password of whoever `signIn` signed in on a page, for the unlock screen after a page load. */
const passwords = new WeakMap<Page, string>();
/** Each page's own reload, which leaves the unlock screen to the spec. */
const plainReloads = new WeakMap<Page, () => Promise<unknown>>();

/**
 * For a page whose context starts signed in (a saved storage state, IndexedDB
 * included): loads by address unlock with this password.
 */
export function unlocksWith(page: Page, password = DEMO_PASSWORD): Page {
  passwords.set(page, password);
  return page;
}

/** Reloads and stays at the unlock screen (for a spec about what it shows). */
export async function reloadToUnlockScreen(page: Page): Promise<void> {
  await plainReloads.get(page)?.();
  await expect(page.getByRole('form', { name: 'Unlock Thrive' })).toBeVisible();
}

/** The unlock screen is showing: the person gives their password again. */
export async function unlock(page: Page, password = DEMO_PASSWORD): Promise<void> {
  const form = page.getByRole('form', { name: 'Unlock Thrive' });
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).not.toHaveURL(/\/unlock/);
}

/**
 * Loading a page by its address is a reload: the app holds nobody's data key
 * yet, so a signed-in person is asked for their password first (the unlock
 * screen). Specs about other things unlock as that person would, once the
 * app shows its first screen (nothing shows a `main` before the guards decide).
 */
async function unlockIfAsked(page: Page): Promise<void> {
  const password = passwords.get(page);
  // Only the app's own pages have an unlock screen (not about:blank, say).
  if (password === undefined || !page.url().startsWith('http')) return;
  await page.locator('main').first().waitFor({ timeout: 20_000 });
  // The prerendered sign-in page shows before the app: with a session saved, the app takes its place at once, and
  // only the live app can ask to unlock.
  const holdsSession = await page.evaluate(
    (prefix) =>
      [localStorage, sessionStorage].some((storage) => Object.keys(storage).some((key) => key.startsWith(prefix))),
    TOKEN_KEY_PREFIX,
  );
  if (holdsSession) await page.locator('#root:not([data-prerendered]) main').first().waitFor({ timeout: 20_000 });
  if (await page.getByRole('form', { name: 'Unlock Thrive' }).isVisible()) await unlock(page, password);
}

/**
 * Makes `page`'s loads by address (goto, reload, back and forward) unlock as
 * the signed-in person would; for pages a spec opens itself in a new context.
 */
export function unlockingOnLoad(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  plainReloads.set(page, () => reload());
  page.goto = async (...args) => {
    const response = await goto(...args);
    await unlockIfAsked(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await unlockIfAsked(page);
    return response;
  };
  page.goBack = async (...args) => {
    const response = await goBack(...args);
    await unlockIfAsked(page);
    return response;
  };
  page.goForward = async (...args) => {
    const response = await goForward(...args);
    await unlockIfAsked(page);
    return response;
  };
  return page;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    unlockingOnLoad(page);
    await use(page);
  },
  allowConsoleError: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const unexpected: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(`${text} (${message.location().url})`);
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

/** What the browser logs of the requests a test's dropped network fails: expected in a test that goes offline. */
export const OFFLINE_CONSOLE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED/;

/**
 * Signs in at the sign-in page. Where it already shows (after someone signed
 * out), the next person types there, as at a shared tablet: no page load, so
 * a courier delivering the last person's changes carries on.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  passwords.delete(page);
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  passwords.set(page, password);
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

/**
 * Waits until everything the app holds for offline use is written to the device: the persisted cache sets its
 * mark once no change waits to be saved. Call it once what must be saved is on screen. Not under page.clock, whose
 * stand-in for `performance` keeps no marks: wait first, then install the clock.
 */
export async function waitForSavedCache(page: Page): Promise<void> {
  // The mark must have stood for a moment: a screen that starts one more read just after the save clears it again,
  // and that read is not saved yet.
  await expect
    .poll(
      () =>
        page.evaluate((mark) => {
          const saved = performance.getEntriesByName(mark, 'mark').at(-1);
          return saved !== undefined && performance.now() - saved.startTime >= 750;
        }, CACHE_SAVED_MARK),
      { message: 'the query cache is saved on the device, with nothing loading since' },
    )
    .toBe(true);
}

/** Presses 'Sign out', opening the navigation first where a tablet or phone keeps it behind the burger. */
export async function pressSignOut(page: Page): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('button', { name: 'Sign out' }).click();
}

/**
 * Presses 'Sign out' online (`press`, by default the shell's button) and waits for the API to have ended the
 * user's sessions. The app stops waiting on the network after a few seconds and the request runs on: on a loaded
 * machine it could land after the next test's sign-in of the same user, and end that session too. Then it waits
 * for the next whole second: tokens give their issue time in whole seconds, so a sign-in of the same person in
 * the second of the cut-off counts as before it (server/auth/sessions.ts) and would be refused.
 */
export async function signOutOnline(page: Page, press: (page: Page) => Promise<void> = pressSignOut): Promise<void> {
  const ended = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/session/logout'));
  await press(page);
  expect((await ended).status()).toBe(204);
  await expect(page).toHaveURL(/\/login/);
  await page.waitForTimeout(1_001 - (Date.now() % 1_000));
}

/**
 * Axe, ready to analyse the page. The app has no frames of another origin, so axe runs in the page itself
 * (`axe.run`) instead of in parts per frame joined again in a new blank page, and it details only violations,
 * which are all any spec reads. A scan of the schedule's week took 11-13 s and 4 s of the page's CPU the other
 * way; this way, 1.3 s and 1.1 s.
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** Axe's serious and critical violations on the page as it stands, one line each: the rule, where, and why. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await axeScan(page).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const [first, ...others] = violation.nodes;
      const more = others.length > 0 ? ` and ${others.length} more` : '';
      const why = first?.failureSummary ? ` (${first.failureSummary.replace(/\s+/g, ' ')})` : '';
      return `${violation.id}: ${first?.target.join(' ')}${more}${why}`;
    });
}

/** Axe finds no serious or critical violation on the page as it stands. */
export async function expectNoSeriousAxeViolation(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

const stack = stackConfig(E2E_ENV);

/** A demo account's access token, signed in at the identity service directly: for API calls beside the screens. */
export async function accessToken(email: string): Promise<string> {
  const answer = await passwordSignIn(stack.identityUrl, stack.clientId, email, DEMO_PASSWORD);
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`Sign-in of ${email} at the identity service failed: ${JSON.stringify(answer)}`);
  return token;
}
