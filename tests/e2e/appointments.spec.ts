/**
 * The schedule as reception, nurses and clients meet it, on the demo week the
 * stack writes around today: booking a free chair and being told when a time
 * is taken, checking a client in from the hub, a nurse seeing who is in the
 * clinic, a client's next appointment at home, the day list by touch on a
 * phone, and axe on each screen.
 */
import type { Locator, Page } from '@playwright/test';
import { addDays, wallClockAt } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import {
  expect,
  expectNoSeriousAxeViolation,
  OFFLINE_CONSOLE_ERRORS,
  signIn,
  test,
  unlockingOnLoad,
} from './fixtures.ts';

// Requests the service worker made would slip past page.route.
test.use({ serviceWorkers: 'block' });
// Each test signs in, and axe reads a schedule of a few hundred elements: more than the default on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const ZONE = 'Asia/Kolkata';

async function signInAs(page: Page, email: string, landing: RegExp): Promise<void> {
  await signIn(page, email);
  await expect(page).toHaveURL(landing);
}

test('reception books a client into a free chair, is told the next time is taken, keeps what was typed, and drags a booking to another chair', async ({
  page,
  allowConsoleError,
}) => {
  // Four axe scans of a week's schedule grid, each several seconds on a busy machine.
  test.slow();
  // The browser reports the refused booking's answer; the screen shows why.
  allowConsoleError(/status of 409 \(Conflict\)/);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'reception@thrive.test', /\/hub$/);
  // Today's schedule, full of the demo week's appointments in every status.
  await page.goto('/appointments');
  await expect(page.getByRole('button', { name: / IV hydration drip · Checked in$/ }).first()).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  // A day after the demo week, so the chair is free whatever the hour.
  const day = addDays(wallClockAt(new Date(), ZONE).date, 9);
  const client = generateClients(50)[6]!;
  const name = `${client.firstName} ${client.lastName}`;
  await page.goto(`/appointments?date=${day}`);
  await expect(page.getByText('Times on the clinic’s clock: Asia/Kolkata')).toBeVisible();
  await expectNoSeriousAxeViolation(page);

  await page.getByRole('button', { name: `Resource time slot IV chair 3 ${day} 10:00:00 - 10:30:00` }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  await expect(dialog.getByLabel('Resource', { exact: false })).toHaveValue('IV chair 3');
  await expect(dialog.getByLabel(/^Start/)).toHaveValue('10:00');
  await dialog.getByLabel('Client', { exact: false }).fill(client.email.slice(0, 11));
  await page.getByRole('option', { name: new RegExp(client.email) }).click();
  await dialog.getByLabel('Service', { exact: false }).click();
  await page.getByRole('option', { name: 'IV hydration drip (60 min)' }).click();
  await expect(dialog.getByLabel('Length', { exact: false })).toHaveValue('60 min');
  await expectNoSeriousAxeViolation(page);
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText(`${name} is booked for IV hydration drip`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`^${name} IV hydration drip · Booked`) })).toBeVisible();

  // 11:00 looks free, but the chair is being got ready until 11:10: the server says so at the time.
  await page.getByRole('button', { name: `Resource time slot IV chair 3 ${day} 11:00:00 - 11:30:00` }).click();
  await dialog.getByLabel('Client', { exact: false }).fill('client-0008');
  await page.getByRole('option', { name: /client-0008@thrive\.test/ }).click();
  await dialog.getByLabel('Service', { exact: false }).click();
  await page.getByRole('option', { name: 'IV hydration drip (60 min)' }).click();
  await dialog.getByRole('button', { name: 'Book' }).click();
  const refusal = `IV chair 3 is taken from 10:00 to 11:10 on ${new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))} (Asia/Kolkata time), including the time to get it ready again.`;
  await expect(dialog.getByRole('alert').filter({ hasText: 'That time is not free' })).toContainText(refusal);
  await expect(dialog.getByLabel(/^Start/)).toHaveAccessibleDescription(refusal);
  // What was typed is still there: only the time changes.
  await expect(dialog.getByLabel('Client', { exact: false })).toHaveValue(/client-0008@thrive\.test/);
  await expect(dialog.getByLabel('Service', { exact: false })).toHaveValue('IV hydration drip (60 min)');
  // The dialog offers the chair's next free times from the time clicked: the first is on the next quarter hour.
  const freeTimes = dialog.getByRole('group', { name: 'Next free times' });
  await freeTimes.getByRole('button', { name: /^First free: .* 11:15, IV chair 3$/ }).click();
  await expect(dialog.getByLabel(/^Start/)).toHaveValue('11:15');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByText(/is booked for IV hydration drip on .* at 11:15, IV chair 3/)).toBeVisible();

  // With a pointer, a booked appointment is moved by dragging it to another resource and time.
  await page
    .getByRole('button', { name: new RegExp(`^${name} IV hydration drip · Booked`) })
    .dragTo(page.getByRole('button', { name: `Resource time slot IV chair 4 ${day} 13:00:00 - 13:30:00` }));
  await expect(page.getByText(`${name} moved to`)).toContainText('at 13:00, IV chair 4');
});

test('reception books the first free IV chair in one try, without choosing a chair or a time', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await signInAs(page, 'reception@thrive.test', /\/hub$/);
  await page.goto('/appointments');
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  const client = generateClients(50)[9]!;
  await dialog.getByLabel('Client', { exact: false }).fill(client.email.slice(0, 11));
  await page.getByRole('option', { name: new RegExp(client.email) }).click();
  const freeTimes = dialog.getByRole('group', { name: 'Next free times' });
  await expect(freeTimes).toContainText('Choose a service to see when it is free.');
  await dialog.getByLabel('Service', { exact: false }).click();
  await page.getByRole('option', { name: 'IV hydration drip (60 min)' }).click();
  const first = freeTimes.getByRole('button', { name: /^First free: / });
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const chair = (await dialog.getByLabel('Resource', { exact: false }).inputValue()).trim();
  expect(chair).toMatch(/^IV chair \d$/);
  const start = await dialog.getByLabel(/^Start/).inputValue();
  await expectNoSeriousAxeViolation(page);
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(
    page.getByText(new RegExp(`is booked for IV hydration drip on .* at ${start}, ${chair}\\.`)),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('reception sees the week at a glance and opens an appointment from it whole', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'reception@thrive.test', /\/hub$/);
  // The week grid reads only what it draws; the appointment opened from it is then read whole.
  const grid = page.waitForResponse((response) => /\/api\/v1\/schedule\?/.test(response.url()) && response.ok());
  await page.goto('/appointments?view=week');
  await grid;
  await expect(page.getByRole('heading', { name: /^Week of / })).toBeVisible();
  // The week opens scrolled to today's now (its line is drawn while the clinic's hours are), not to Monday morning.
  const nowLine = page.locator('.mantine-ResourcesWeekView-resourcesWeekViewCurrentTimeIndicator');
  if ((await nowLine.count()) > 0) await expect(nowLine.first()).toBeInViewport();
  const block = page.getByRole('button', { name: / · Checked in$/ }).first();
  await expect(block).toBeVisible();
  // The block's first line is the client's name.
  const name = (await block.innerText()).split('\n')[0]!.trim();
  await block.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Where')).toBeVisible();
  await expect(dialog).toContainText(', Thrive Bengaluru');
  await expect(dialog).toContainText('Checked in');
  await expect(dialog.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(name);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('reception checks a client in from the hub; a nurse then sees them in clinic now', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'reception@thrive.test', /\/hub$/);
  const coming = page.getByRole('list', { name: 'Coming up today' });
  await expect(page.getByRole('list', { name: 'Clients in clinic now' })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  // The first row reception can check in; the same client may have other sessions today.
  const row = coming
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Check in / }) })
    .first();
  const checkIn = row.getByRole('button', { name: /^Check in / });
  const name = ((await checkIn.getAttribute('aria-label')) ?? '').replace(/^Check in /, '');
  const what = (await row.getByText(/ · /).textContent()) ?? '';
  // The client may already be in clinic for another session: count the rows for this client, service and room.
  const checkedIn = (list: Locator) => list.getByRole('listitem').filter({ hasText: name }).filter({ hasText: what });
  const inClinic = page.getByRole('list', { name: 'Clients in clinic now' });
  const before = await checkedIn(inClinic).count();
  await checkIn.click();
  await expect(page.getByText(`${name} is checked in for`)).toBeVisible();
  await expect(checkedIn(inClinic)).toHaveCount(before + 1);
  await expect(
    checkedIn(inClinic)
      .filter({ hasText: /Waiting \d+ min/ })
      .first(),
  ).toBeVisible();

  const nurseContext = await browser.newContext({ viewport: { width: 820, height: 1180 }, serviceWorkers: 'block' });
  const nurse = unlockingOnLoad(await nurseContext.newPage());
  await signInAs(nurse, 'nurse@thrive.test', /\/hub$/);
  await expect(checkedIn(nurse.getByRole('list', { name: 'Clients in clinic now' }))).toHaveCount(before + 1);
  // Only reception checks in with one tap.
  await expect(nurse.getByRole('button', { name: /^Check in / })).toHaveCount(0);
  await nurseContext.close();
});

test('a client sees the next appointment at home', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'client2@thrive.test', /\/user\/home\//);
  const card = page.getByRole('region', { name: 'Your next appointment' });
  await expect(card).toContainText('Hyperbaric oxygen session');
  await expect(card).toContainText('11:00–12:00');
  await expect(card).toContainText('Thrive Bengaluru, HBOT chamber');
  await expectNoSeriousAxeViolation(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the day list replaces the grid and works by touch', async ({ page }) => {
    await signInAs(page, 'reception@thrive.test', /\/hub$/);
    await page.goto('/appointments');
    await expect(page.getByRole('button', { name: /^Resource time slot/ })).toHaveCount(0);
    // A client the demo checked in a few minutes ago.
    const waiting = page.getByRole('button').filter({ hasText: 'Checked in' }).first();
    const label = (await waiting.getAttribute('aria-label')) ?? '';
    const box = await waiting.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousAxeViolation(page);
    await waiting.tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Start', exact: true }).tap();
    await expect(page.getByText(/ started\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: label })).toContainText('In progress');
  });
});

test.describe('offline', () => {
  // The service worker serves the app shell when the network is gone.
  test.use({ serviceWorkers: 'allow' });

  test('the hub shows today from what the device saved, and says how old it is', async ({
    page,
    context,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_CONSOLE_ERRORS);
    await page.setViewportSize({ width: 820, height: 1180 });
    await signInAs(page, 'nurse@thrive.test', /\/hub$/);
    const inClinic = page.getByRole('list', { name: 'Clients in clinic now' });
    await expect(inClinic).toBeVisible();
    const waiting = await inClinic.getByRole('listitem').count();
    // The service worker takes over on the next load; the cache is written, encrypted, a moment after the data arrives.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await expect(inClinic).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const req = indexedDB.open('thrive-vault');
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(new Error('open'));
          });
          const records = await new Promise<{ data?: ArrayBuffer }[]>((resolve) => {
            const req = db.transaction('caches').objectStore('caches').getAll();
            req.onsuccess = () => resolve(req.result as { data?: ArrayBuffer }[]);
          });
          db.close();
          return Math.max(0, ...records.map((record) => record.data?.byteLength ?? 0));
        }),
      )
      // Today's appointments at the clinic run to tens of kilobytes.
      .toBeGreaterThan(20_000);

    await context.setOffline(true);
    await page.goto('/hub');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hub');
    await expect(inClinic.getByRole('listitem')).toHaveCount(waiting);
    await expect(page.getByRole('list', { name: 'Coming up today' })).toBeVisible();
    await expect(page.getByText(/^Offline: showing what this device saved (just now|\d+ min ago)$/)).toBeVisible();
  });
});
