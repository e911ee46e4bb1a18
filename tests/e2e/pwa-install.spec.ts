/**
 * The installable app against the production build and its service worker: Chromium finds it installable, the
 * worker precaches the shell (and nothing of the API), and the new-version notice shows from both sources. The
 * manifest and precache list as files: tests/build/pwa-build.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnChild, waitForHttp, type Child } from '../../scripts/stack/processes.ts';
import { WHOLE_BROWSER } from '../support/browsers.ts';
import { E2E_ENV } from '../support/e2e-env.ts';
import { expect, expectSignedIn, signIn, test, unlockingOnLoad, waitForServiceWorker } from './fixtures.ts';
import { fullName, pwaClient } from './pwa-support.ts';

// A client no other spec signs in (nor signs out).
const INSTALLER = pwaClient(8);

const ROOT = path.resolve(import.meta.dirname, '../..');
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

// The tests are independent and sign nobody out: the two workers may share the file.
test.describe.configure({ mode: 'parallel' });

test.describe('installable', () => {
  // The manifest and its icons, as files of the build: tests/build/pwa-build.test.ts.
  test('Chromium finds the app installable', async ({ playwright, baseURL }) => {
    // An ordinary profile of the whole browser: Chromium never offers to install from an incognito one.
    const profile = mkdtempSync(path.join(tmpdir(), 'thrive-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, { ...WHOLE_BROWSER, baseURL });
    try {
      const page = unlockingOnLoad(context.pages()[0] ?? (await context.newPage()));
      await page.goto('/login');
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('the service worker precaches the shell and never an API, identity or version response', async ({ page }) => {
    await signIn(page, INSTALLER.email);
    await expectSignedIn(page, fullName(INSTALLER));
    await waitForServiceWorker(page);
    await page.reload();
    await expectSignedIn(page, fullName(INSTALLER));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
    expect(cached).toContain('/icons/icon-192.png');
    expect(cached.filter((url) => /^\/(api|identity)\b|version\.json/.test(url))).toEqual([]);
  });
});

test.describe('the new-version notice', () => {
  test('shows when /version.json names another build, read at start and every 5 minutes', async ({ page }) => {
    const reads: { url: URL; cacheControl: string | undefined }[] = [];
    let deployed = 'build-one';
    await page.route('**/version.json*', async (route) => {
      reads.push({ url: new URL(route.request().url()), cacheControl: route.request().headers()['cache-control'] });
      await route.fulfill({ json: { buildId: deployed } });
    });
    await page.clock.install();
    await page.goto('/login');
    await expect.poll(() => reads.length).toBe(1);
    expect(reads[0]!.url.searchParams.get('t')).toMatch(/^\d+$/);
    expect(reads[0]!.cacheControl).toBe('no-cache');

    await page.clock.runFor('05:00');
    await expect.poll(() => reads.length).toBe(2);
    await expect(page.getByText('A new version is available!')).toHaveCount(0);

    deployed = 'build-two';
    await page.clock.runFor('05:00');
    await expect.poll(() => reads.length).toBe(3);
    const notice = page.getByRole('status').filter({ hasText: 'A new version is available!' });
    await expect(notice).toBeVisible();
    // At the top right of the window.
    const box = (await notice.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(100);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 100);

    // Refresh Now loads the page again (the worker has nothing newer here, so a plain reload).
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Refresh Now' }).click();
    await reloaded;
    deployed = 'build-two';
    await expect(page.getByText('A new version is available!')).toHaveCount(0);
  });

  test('shows when a new service worker is waiting, and Refresh Now activates it', async ({ page }) => {
    test.setTimeout(180_000);
    // A front of its own over a copy of the build, so deploying a second build disturbs no other test.
    const served = mkdtempSync(path.join(tmpdir(), 'thrive-served-'));
    const next = mkdtempSync(path.join(tmpdir(), 'thrive-next-'));
    cpSync(path.resolve(ROOT, E2E_ENV.BUILD_DIR), served, { recursive: true });
    const port = Number(E2E_ENV.PORT) + 13;
    const origin = `http://localhost:${port}`;
    let front = await startFront(served, port);
    try {
      await page.goto(`${origin}/login`);
      await waitForServiceWorker(page);
      const firstScript = await page.evaluate(
        () => document.querySelector<HTMLScriptElement>('script[type=module]')?.src,
      );

      // The second deployment: the same sources built again under another build id, its files added beside the
      // first's (an open page may still ask for an old chunk), and the front started again over them.
      execFileSync(process.execPath, [VITE, 'build', '--logLevel', 'error'], {
        cwd: ROOT,
        env: { ...process.env, BUILD_DIR: next, THRIVE_BUILD_ID: 'e2e-second-build' },
      });
      const nextEntry = /src="\/(assets\/index-[^"]+\.js)"/.exec(
        readFileSync(path.join(next, 'index.html'), 'utf8'),
      )![1];
      cpSync(next, served, { recursive: true, force: true });
      await front.stop();
      front = await startFront(served, port);

      // The browser looks for a new worker (as it does on navigation, or the app's periodic check).
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const notice = page.getByRole('status').filter({ hasText: 'A new version is available!' });
      await expect(notice).toBeVisible();

      const reloaded = page.waitForEvent('load');
      await notice.getByRole('button', { name: 'Refresh Now' }).click();
      await reloaded;
      await expect(page.getByText('Please Sign In to Experience the Future of Healthcare')).toBeVisible();
      const now = await page.evaluate(async () => ({
        script: document.querySelector<HTMLScriptElement>('script[type=module]')?.src,
        waiting: !!(await navigator.serviceWorker.getRegistration())?.waiting,
        controlled: !!navigator.serviceWorker.controller,
      }));
      expect(now).toEqual({ script: `${origin}/${nextEntry}`, waiting: false, controlled: true });
      expect(now.script).not.toBe(firstScript);
      await expect(page.getByText('A new version is available!')).toHaveCount(0);
    } finally {
      // Leave that origin first, so no late request of the page meets a stopped server.
      await page.goto('about:blank').catch(() => undefined);
      await front.stop();
      rmSync(served, { recursive: true, force: true });
      rmSync(next, { recursive: true, force: true });
    }
  });
});

/**
 * The production front over `buildDir` at `port`, as a deployment starts it (it reads the build once, at start),
 * its /api sent to the shared stack's API.
 */
async function startFront(buildDir: string, port: number): Promise<Child> {
  const front = spawnChild('front', process.execPath, ['--import', 'tsx', path.join(ROOT, 'front/main.ts')], {
    cwd: ROOT,
    env: { PORT: String(port), BUILD_DIR: buildDir, API_UPSTREAMS: `http://127.0.0.1:${E2E_ENV.API_PORT}` },
  });
  try {
    await waitForHttp(`http://localhost:${port}/version.json`, { timeoutMs: 30_000 });
    return front;
  } catch (error) {
    await front.stop();
    throw error;
  }
}
