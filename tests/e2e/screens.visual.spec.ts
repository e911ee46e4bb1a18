/**
 * Every screen as its people see it, compared with a committed picture: each route at the width its group is used
 * at (the portal on a phone at 390 px, the staff and admin screens on a tablet at 820), for the role that works there
 * most (a client, a nurse, an admin). An unintended visual change of a screen fails the suite;
 * `npm run test:visual:update` takes new pictures, and records the API's answers behind them, when the change is
 * meant (a reviewer looks at the pictures in the diff).
 */
import type { Page } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EMAIL, ROUTES, type Group } from './demo-routes.ts';
import { expect, signIn, test } from './fixtures.ts';
import { MAIN_WIDTH, PHONE, TABLET, open, resize, type Screen } from './walk.ts';

/** Where the pictures and the answers behind them are kept. */
const SCREENS = path.join(import.meta.dirname, '__screens__');

/** Who looks at each group of screens in the pictures. */
const VIEWER: Partial<Record<Group, string>> = {
  portal: EMAIL.CLIENT,
  staff: EMAIL.NURSE,
  admin: EMAIL.ADMIN,
};

/** A picture's name: the route's path without its ids. */
function pictureOf(screen: Screen): string {
  const words = screen.path
    .split('/')
    .filter(Boolean)
    .map((part) => (/^[0-9a-f-]{36}$/.test(part) ? 'id' : part))
    .join('-');
  return `${screen.group.replace(' ', '-')}--${words}.png`;
}

/** Taking new pictures (`--update-snapshots`): the API's answers are recorded with them. */
function recording(): boolean {
  const mode = test.info().config.updateSnapshots;
  return mode === 'all' || mode === 'changed';
}

/**
 * The day the pictures show. The demo data is made around the day the stack starts, so the API's answers are
 * replayed from the recording taken with the pictures, and the page's clock stands at the moment they were taken:
 * every date, "today" and "Good morning" is the recording's.
 */
async function replayTheDay(page: Page, name: string): Promise<void> {
  const har = path.join(SCREENS, `${name}.har`);
  const clockFile = path.join(SCREENS, `${name}.clock.json`);
  const update = recording();
  let at: number;
  if (update) {
    at = Date.now();
    await fs.mkdir(SCREENS, { recursive: true });
    await fs.writeFile(clockFile, `${JSON.stringify({ at: new Date(at).toISOString() }, null, 2)}\n`);
  } else {
    at = Date.parse((JSON.parse(await fs.readFile(clockFile, 'utf8')) as { at: string }).at);
  }
  await page.clock.setFixedTime(at);
  // An answer the recording lacks fails the request, and so the picture: nothing reaches today's demo data. The
  // recording names no host (the stack's port moves with E2E_PORT): replay reads a copy addressed to this one.
  await page.routeFromHAR(update ? har : await addressedCopy(har, name), {
    url: '**/api/v1/**',
    update,
    updateContent: 'embed',
    updateMode: 'minimal',
    notFound: 'abort',
  });
}

interface Recording {
  log: { entries: { request: { url: string; headers: unknown[]; cookies: unknown[] } }[] };
}

/** The origin a kept recording names in place of the stack's. */
const RECORDED_ORIGIN = 'http://thrive.invalid';

/**
 * A recording keeps what replay matches on (the method, the path, a body) and the answers: no session, no host.
 */
async function scrubRecording(har: string): Promise<void> {
  const recording = JSON.parse(await fs.readFile(har, 'utf8')) as Recording;
  for (const entry of recording.log.entries) {
    entry.request.headers = [];
    entry.request.cookies = [];
    const url = new URL(entry.request.url);
    entry.request.url = `${RECORDED_ORIGIN}${url.pathname}${url.search}`;
  }
  await fs.writeFile(har, JSON.stringify(recording));
}

/** The recording addressed to the stack this run started, in the test's own output folder. */
async function addressedCopy(har: string, name: string): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const recording = JSON.parse(await fs.readFile(har, 'utf8')) as Recording;
  for (const entry of recording.log.entries) {
    entry.request.url = entry.request.url.replace(RECORDED_ORIGIN, origin);
  }
  const copy = test.info().outputPath(`${name}.har`);
  await fs.writeFile(copy, JSON.stringify(recording));
  return copy;
}

test.describe.configure({ mode: 'parallel' });
test.use({ serviceWorkers: 'block' });

test('signed out: the sign-in page, on a phone and on the reception tablet', async ({ page }) => {
  for (const [width, viewport] of Object.entries({ phone: PHONE, tablet: TABLET })) {
    await resize(page, viewport);
    if (!page.url().endsWith('/login')) await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect
      .soft(page)
      .toHaveScreenshot(`signed-out--login-${width}.png`, { animations: 'disabled', caret: 'hide' });
  }
});

for (const [group, viewer] of Object.entries(VIEWER) as [Group, string][]) {
  const screens: Screen[] = ROUTES.filter((route) => route.group === group);
  test(`${group}: every screen matches its picture`, async ({ page, allowConsoleError }) => {
    // The unknown visit id of the route list: the screen asks for it and hears 404.
    allowConsoleError(/status of 404 \(Not Found\)/);
    test.setTimeout(30_000 + screens.length * 10_000);
    await resize(page, MAIN_WIDTH[group]);
    await replayTheDay(page, group);
    await signIn(page, viewer);
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    for (const screen of screens) {
      await open(page, screen);
      await resize(page, MAIN_WIDTH[group]);
      await expect.soft(page).toHaveScreenshot(pictureOf(screen), { animations: 'disabled', caret: 'hide' });
    }
    if (recording()) {
      // The recording is written as the context closes.
      await page.context().close();
      await scrubRecording(path.join(SCREENS, `${group}.har`));
    }
  });
}
