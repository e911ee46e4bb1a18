/**
 * Discovery and the thrive dashboard as nurses meet them, on the demo data the
 * stack writes around today (scripts/demo/programs.ts): finding a client by
 * part of a phone number typed with punctuation and opening them with the
 * keyboard; the client's page with the next appointment, the last visit and
 * the missing consent; the dashboard flagging a client who fell behind; and
 * searching offline from what the device saved. Axe on each screen.
 */
import type { Page } from '@playwright/test';
import { THERAPY_INFO } from '@contract';
import { addDays, wallClockAt } from '@contract';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import { planDemoPrograms } from '../../scripts/demo/programs.ts';
import { expect, expectNoSeriousAxeViolation, OFFLINE_CONSOLE_ERRORS, signIn, test } from './fixtures.ts';

// Requests the service worker made would slip past the browser's offline switch.
test.use({ serviceWorkers: 'block' });
test.describe.configure({ timeout: 90_000 });

const ZONE = 'Asia/Kolkata';
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };

/** What the stack wrote today: who fell behind, and the client without consent the demo shows off. */
const plan = planDemoPrograms(new Date(), generateClients(50), demoAccount('client2@thrive.test'));
const spotlight = plan.spotlight!.unconsented;
const behind = plan.spotlight!.behind;
const nameOf = (client: { firstName: string; lastName: string }) => `${client.firstName} ${client.lastName}`;

async function signInAsNurse(page: Page): Promise<void> {
  await signIn(page, 'nurse@thrive.test');
  await expect(page).toHaveURL(/\/hub$/);
}

function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

test('a nurse types part of a phone number, with punctuation, and opens the client with the keyboard', async ({
  page,
}) => {
  await page.setViewportSize(TABLET);
  await signInAsNurse(page);
  await page.getByRole('link', { name: 'Discovery' }).first().click();
  const box = page.getByRole('combobox', { name: 'Find a client' });
  await expect(box).toBeFocused();
  await expectNoSeriousAxeViolation(page);

  // "+91 98450 12345" typed as "984-5012": the digits count, not how they are written.
  const digits = spotlight.phone!.slice(3);
  await page.keyboard.type(`${digits.slice(0, 3)}-${digits.slice(3, 7)}`);
  const results = page.getByRole('listbox', { name: 'Clients found' });
  const option = results.getByRole('option', { name: new RegExp(nameOf(spotlight)) });
  await expect(option).toBeVisible();
  // The text names a client: it stays out of the address (and so out of the browser's history).
  await expect(page).toHaveURL(/\/discovery$/);
  await expect(option).toContainText('No HIPAA consent');
  await expect(option).toContainText(spotlight.phone!);
  await expectNoSeriousAxeViolation(page);

  // The first result is active; the arrows move to the one wanted, Enter opens it.
  const names = await results.getByRole('option').allTextContents();
  const index = names.findIndex((text) => text.includes(nameOf(spotlight)));
  for (let i = 0; i < index; i++) await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/client/discovery/${spotlight.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: nameOf(spotlight) })).toBeVisible();

  // Back: the search and its results are still there.
  await page.goBack();
  await expect(box).toHaveValue(`${digits.slice(0, 3)}-${digits.slice(3, 7)}`);
  await expect(option).toBeVisible();

  // The box emptied: this device's recent clients, the one just opened among them.
  await box.fill('');
  await expect(
    page
      .getByRole('listbox', { name: 'Recent clients on this device' })
      .getByRole('option', { name: new RegExp(nameOf(spotlight)) }),
  ).toBeVisible();
});

test('the client’s discovery page shows the next appointment, the last visit and the missing consent', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInAsNurse(page);
  await page.goto(`/client/discovery/${spotlight.id}`);
  await expect(page.getByRole('heading', { level: 1, name: nameOf(spotlight) })).toBeVisible();
  const glance = page.getByRole('region', { name: 'At a glance' });
  await expect(glance.getByRole('alert', { name: 'No HIPAA consent' })).toBeVisible();

  const today = wallClockAt(new Date(), ZONE).date;
  await expect(glance).toContainText(`Next appointment${dayLabel(addDays(today, 5))} 10:00 · Infrared sauna`);
  const last = plan.visits
    .filter((visit) => visit.client_id === spotlight.id)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0]!;
  // The visit's date on the clinic's calendar, as every date reads: "Sun 22 Nov 2026".
  const lastDate = wallClockAt(new Date(last.created_at), ZONE).date;
  const lastDay = `${dayLabel(lastDate)} ${lastDate.slice(0, 4)}`;
  await expect(glance).toContainText(`Last visit${lastDay} · ${THERAPY_INFO[last.therapy].name}`);

  await expect(page.getByRole('region', { name: 'Alerts' })).toContainText('No HIPAA authorization on file.');
  const programs = page.getByRole('region', { name: 'Programs' });
  await expect(programs.getByRole('link', { name: 'Metabolic Reset' })).toBeVisible();
  await expect(programs.getByRole('progressbar', { name: /^Metabolic Reset: \d+ of 16 sessions$/ })).toBeVisible();
  // The history links each visit to its read-only view.
  const history = page.getByRole('region', { name: 'Visit history' });
  await expect(history.getByRole('link').first()).toHaveAttribute(
    'href',
    new RegExp(`/client/discovery/${spotlight.id}/visit/[0-9a-f-]{36}$`),
  );
  await expectNoSeriousAxeViolation(page);

  // Starting a visit opens the therapy's screen with a new visit id.
  await page.getByRole('button', { name: 'Start visit' }).click();
  await page.getByRole('menuitem', { name: 'FIR sauna' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/fir/${spotlight.id}/visit/[0-9a-f-]{36}$`));
});

test('the dashboard flags a client who fell behind, first in their program', async ({ page }) => {
  await page.setViewportSize(TABLET);
  await signInAsNurse(page);
  await page.getByRole('link', { name: 'Thrive dashboard' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thrive dashboard' })).toBeVisible();
  await expect(page.getByText(/\d+ clients enrolled, \d+ falling behind\./)).toBeVisible();

  const enrollment = plan.enrollments.find((item) => item.user_id === behind.id)!;
  const programName = {
    thrive_foundations: 'Thrive Foundations',
    metabolic_reset: 'Metabolic Reset',
    hbot_recovery: 'HBOT Recovery',
  }[enrollment.program];
  const clients = page.getByRole('list', { name: `${programName} clients` });
  const first = clients.getByRole('listitem').first();
  await expect(first).toContainText(nameOf(behind));
  await expect(first).toContainText('Falling behind');
  await expect(first).toContainText(/No session for \d+ days/);
  await expect(first).toContainText('Next: nothing booked');
  await expectNoSeriousAxeViolation(page);

  // The program's own page flags them too, and charts its sessions per week.
  await page.getByRole('link', { name: programName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: programName })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Sessions per week over \d+ weeks/ })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(nameOf(behind)) });
  await expect(row).toContainText('Falling behind');
  await expectNoSeriousAxeViolation(page);

  // Filters live in the URL.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paused' }).click();
  await expect(page).toHaveURL(/status=paused/);
  await expect(page.getByRole('row', { name: new RegExp(nameOf(behind)) })).toHaveCount(0);
});

test('offline, discovery searches the clients saved on this device and says so', async ({
  page,
  context,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_CONSOLE_ERRORS);
  await page.setViewportSize(PHONE);
  await signInAsNurse(page);
  await page.goto('/discovery');
  const box = page.getByRole('combobox', { name: 'Find a client' });
  // Online: the server's answer, kept in memory for this session.
  await box.fill(spotlight.lastName);
  await expect(page.getByRole('option', { name: new RegExp(nameOf(spotlight)) })).toBeVisible();

  await context.setOffline(true);
  await box.fill('');
  await box.fill(spotlight.firstName.slice(0, 3).toLowerCase() + ' ' + spotlight.lastName.slice(0, 3));
  await expect(
    page.getByRole('status').filter({ hasText: 'Offline: searching the clients saved on this device only' }),
  ).toBeVisible();
  const option = page
    .getByRole('listbox', { name: 'Clients found' })
    .getByRole('option', { name: new RegExp(nameOf(spotlight)) });
  await expect(option).toBeVisible();
  await expect(option).toContainText('No HIPAA consent');
  await expectNoSeriousAxeViolation(page);

  await box.fill('zzzzqqq');
  await expect(page.getByText('No client saved on this device matches “zzzzqqq”.')).toBeVisible();
  await context.setOffline(false);
});
