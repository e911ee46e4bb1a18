/**
 * What every timing of `npm run bench` shares: the probe installed in each page (headings, rows, clicks, keys, long
 * tasks and a journey's awaited element, on the page's own clock), the 4x slowdown, and signing in and unlocking as a
 * person does.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../demo/accounts.ts';

/** One line of the bench's table: a figure, and its goal where it has one. */
export interface Timing {
  name: string;
  value: string;
  goal?: boolean;
  goalText?: string;
}

export const CPU_SLOWDOWN = 4;

/** A list's rows: the users table (or its cards on a phone), the discovery results and the hub's day. */
export const ROWS =
  'main tbody tr, main [role="listbox"] > li, main ul[aria-label="Users"] > li, main ul[aria-label="Coming up today"] > li';

/**
 * Installed in every page (as a string, below): when the first heading of the main area shows (or changes), when the live app took
 * the prerendered sign-in page's place, the last click and keystroke, and the long tasks, all on the page's clock.
 */
export const probe = {
  // Plain JavaScript in a string: the page runs it as written (a compiled function would carry the compiler's
  // helpers along).
  content: `(() => {
    const w = window;
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    addEventListener('click', () => (w.__clickAt = performance.now()), true);
    // A key goes down (the text changes and its search may start) and comes up; a slow device handles the key
    // before it handles its release.
    addEventListener('keydown', () => (w.__keyDownAt = performance.now()), true);
    addEventListener('keyup', () => (w.__keyAt = performance.now()), true);
    addEventListener('pointerdown', () => (w.__intentAt ??= performance.now()), true);
    const seen = () => {
      const heading = document.querySelector('main h1');
      const text = heading ? heading.textContent : null;
      if (text && text !== w.__headingText) {
        w.__headingText = text;
        const at = (w.__headingAt = performance.now());
        // The first frame that shows it: after the next animation frame's rendering.
        requestAnimationFrame(() => setTimeout(() => { if (w.__headingAt === at) w.__headingPaintAt = performance.now(); }));
      }
      if (w.__revealedAt === undefined && document.querySelector('#root > div')) w.__revealedAt = performance.now();
      const rows = document.querySelectorAll('${ROWS}');
      const first = rows[0] ? rows[0].textContent : null;
      if (first !== w.__firstRowText) {
        w.__firstRowText = first;
        w.__rowsAt = performance.now();
      }
      // What a journey waits for (set before its click): the first element that matches, with a text where given.
      const watch = w.__watch;
      if (watch && watch.at === undefined) {
        const texts = [...document.querySelectorAll(watch.selector)].map((element) => element.textContent || '');
        // Where it names a text to pass through first ('Saving'), the awaited text counts only after it.
        if (watch.after !== undefined && texts.some((text) => text.includes(watch.after))) watch.passed = true;
        const found = texts.some((text) => watch.text === undefined || text.includes(watch.text));
        if (found && (watch.after === undefined || watch.passed)) watch.at = performance.now();
      }
      // A list says it is out of date (aria-busy) from a key until the results of the text typed show.
      const busy = document.querySelector('main [aria-busy="true"]') !== null;
      if (busy !== w.__busy) {
        w.__busy = busy;
        if (!busy) w.__settledAt = performance.now();
      }
    };
    new MutationObserver(seen).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
  })();`,
};

export const read = (page: Page, name: string) =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name) as Promise<number | undefined>;

export async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

export async function signIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
}

/**
 * A load by address is a reload: where the device keeps data, the person gives their password again (the unlock
 * screen) before anything of theirs shows. Unlocks as they would; returns whether it was asked.
 */
export async function unlockIfAsked(page: Page): Promise<boolean> {
  await page.locator('#root:not([data-prerendered]) main h1').first().waitFor({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Unlock Thrive' });
  if (!(await form.isVisible())) return false;
  await form.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Unlock' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/unlock'), { timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector('main h1')?.textContent !== 'Thrive', undefined, {
    timeout: 30_000,
  });
  return true;
}
