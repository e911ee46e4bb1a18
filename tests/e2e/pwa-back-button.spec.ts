/**
 * After sign-out the back button shows no patient data: back within the app, and back to a signed-in page after a
 * sign-out in another tab, with Chromium's back-forward cache off and on.
 */
import type { CDPSession } from '@playwright/test';
import { WHOLE_BROWSER } from '../support/browsers.ts';
import { expect, expectSignedIn, signIn, test, unlockingOnLoad, unlocksWith } from './fixtures.ts';
import { fullName, pwaClient, signOutWithButton } from './pwa-support.ts';

// A client no other spec signs in: signing out ends a user's sessions everywhere.
const B = pwaClient(14);

test.describe('after sign-out the back button shows no patient data', () => {
  test('back within the app', async ({ page }) => {
    await signIn(page, B.email);
    await expectSignedIn(page, fullName(B));
    await signOutWithButton(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.locator('body')).not.toContainText(B.last);
  });

  /**
   * Leave the app for another page, sign out in another tab, press back. The
   * page comes back either from the back-forward cache (as it was left, with
   * B's data in it) or as a new load; each `pageshow` is recorded with
   * `persisted` and the navigation type, so the test knows which path ran.
   *
   * Playwright starts Chromium with --disable-back-forward-cache (so that a
   * page.goBack() is always a request it can intercept); with it, Chromium
   * reports BackForwardCacheDisabledByCommandLine and the page is loaded anew.
   * Thrive's pages are otherwise eligible: no unload handler, no open
   * IndexedDB connection, and the document is served `Cache-Control:
   * no-cache`, not `no-store`. So the same steps run twice, in Playwright's
   * Chromium and in one launched with the cache on, and each run asserts the
   * path it took. With the cache on, Chromium sometimes evicts the page before
   * the back button (see below), so the restore path is also driven directly,
   * every time, in src/pwa/page-lifecycle.test.ts.
   */
  for (const cache of ['off (Playwright’s default)', 'on'] as const) {
    test(`back to a signed-in page after sign-out elsewhere, back-forward cache ${cache}`, async ({
      playwright,
      baseURL,
    }, testInfo) => {
      // A browser of its own, started and signed in twice over: more than the usual 30 s on a busy machine.
      test.setTimeout(60_000);
      // The whole browser: the headless shell has no back-forward cache at all.
      const browser = await playwright.chromium.launch({
        ...WHOLE_BROWSER,
        ...(cache === 'on' ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
      });
      try {
        const context = await browser.newContext({ baseURL });
        await context.addInitScript(() => {
          // In sessionStorage, so the record survives the reload that follows a restore.
          window.addEventListener('pageshow', (event) => {
            const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
            const shows = JSON.parse(sessionStorage.getItem('e2e-pageshows') ?? '[]') as unknown[];
            shows.push({ persisted: event.persisted, type: navigation?.type, path: location.pathname });
            sessionStorage.setItem('e2e-pageshows', JSON.stringify(shows));
          });
        });
        const page = unlockingOnLoad(await context.newPage());
        const notRestored = await recordBackForwardCacheMisses(await context.newCDPSession(page));
        await signIn(page, B.email);
        await expectSignedIn(page, fullName(B));
        const signedInPath = new URL(page.url()).pathname;

        await page.goto('about:blank');
        const other = unlockingOnLoad(unlocksWith(await context.newPage()));
        await other.goto('/');
        await expectSignedIn(other, fullName(B));
        await signOutWithButton(other);
        await other.close();
        await page.goBack();

        await expect(page).toHaveURL(/\/login/);
        await expect(page.getByText('Please Sign In to Experience the Future of Healthcare')).toBeVisible();
        await expect(page.locator('body')).not.toContainText(B.last);
        const shows = await page.evaluate(
          () =>
            JSON.parse(sessionStorage.getItem('e2e-pageshows') ?? '[]') as {
              persisted: boolean;
              type: string;
              path: string;
            }[],
        );
        const back = shows.findLast((show) => show.path === signedInPath);
        if (cache === 'on' && back?.persisted) {
          // Restored as it was left, then loaded afresh by the pageshow check before anyone saw it.
          expect(back).toEqual({ persisted: true, type: 'navigate', path: signedInPath });
          expect(shows.at(-1)).toMatchObject({ persisted: false, type: 'reload' });
          expect(notRestored).toEqual([]);
        } else if (cache === 'on') {
          // The cache was on, but the other tab reached the cached page and Chromium evicted it: the sign-out
          // the tabs tell each other of asked it to run JavaScript or brought it an event it cannot hold, or the
          // other tab wanted the outbox's sender lock, which the cached page held. Which happens is a race; each
          // must end on sign-in with nothing shown.
          expect(back).toEqual({ persisted: false, type: 'back_forward', path: signedInPath });
          expect(notRestored).toHaveLength(1);
          expect(['JavaScriptExecution', 'IgnoreEventAndEvict', 'WebLocksContention']).toContain(notRestored[0]);
        } else {
          // A new load of the signed-in page, which the route guard sent to sign-in.
          expect(back).toEqual({ persisted: false, type: 'back_forward', path: signedInPath });
          expect(notRestored).toContain('BackForwardCacheDisabledByCommandLine');
        }
        testInfo.annotations.push({ type: 'pageshow', description: JSON.stringify(shows) });
      } finally {
        await browser.close();
      }
    });
  }
});

/** Why Chromium did not restore a page from the back-forward cache (its DevTools reasons), as they come. */
async function recordBackForwardCacheMisses(cdp: CDPSession): Promise<string[]> {
  const reasons: string[] = [];
  await cdp.send('Page.enable');
  cdp.on('Page.backForwardCacheNotUsed', (event) => {
    reasons.push(...event.notRestoredExplanations.map((explanation) => explanation.reason));
  });
  return reasons;
}
