/**
 * The client portal on a phone (390 px): a client books a fasting blood test,
 * sees how to prepare on home, loses a time to another client and books the
 * next one with its choices kept; books the intake call by video; writes to
 * the clinic offline, and the message arrives once when the phone is back
 * online and is answered by reception on the hub.
 *
 * Each test uses consented generated demo clients no other spec opens; their
 * own portal bookings are cancelled first, so the week's demo data never
 * decides what the screens show.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, instantAt, wallClockAt, type components } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import { passwordSignIn } from '../../scripts/identity/client.ts';
import { stackConfig } from '../../scripts/stack/config.ts';
import { E2E_ENV } from '../support/e2e-env.ts';
import { DEMO_PASSWORD, expect, expectNoSeriousAxeViolation, signIn, test } from './fixtures.ts';

type Schemas = components['schemas'];

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });
// No test here is about the service worker: installing it precaches every chunk again.
test.use({ serviceWorkers: 'block' });

const stack = stackConfig(E2E_ENV);
const [BOOKER, RACER, CALLER, WRITER] = generateClients(50)
  .filter((client) => client.hipaaConsent)
  .slice(30, 34);
const ZONE = 'Asia/Kolkata';
/** A day far enough ahead that the demo week never reaches it. */
const dayAhead = (days: number) => addDays(wallClockAt(new Date(), ZONE).date, days);

async function token(email: string): Promise<string> {
  const answer = await passwordSignIn(stack.identityUrl, stack.clientId, email, DEMO_PASSWORD);
  const access = answer.AuthenticationResult?.AccessToken;
  if (!access) throw new Error(`Sign-in of ${email} failed`);
  return access;
}

async function call<T>(
  request: APIRequestContext,
  as: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const answer = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${await token(as)}`, ...headers },
    data: body,
  });
  return { status: answer.status(), body: (await answer.json().catch(() => null)) as T };
}

/** Cancels a client's coming bookings of what the portal books, as reception. */
async function clearPortalBookings(request: APIRequestContext, clientId: string): Promise<void> {
  const services = await call<Schemas['ServiceList']>(request, 'reception@thrive.test', 'GET', '/services');
  const portal = new Set(services.body.results.filter((s) => s.client_bookable).map((s) => s.id));
  const from = encodeURIComponent(new Date().toISOString());
  const list = await call<Schemas['AppointmentList']>(
    request,
    'reception@thrive.test',
    'GET',
    `/appointments?client=${clientId}&from=${from}&status=booked&limit=100`,
  );
  for (const appointment of list.body.results.filter((a) => portal.has(a.service_id))) {
    await call(request, 'reception@thrive.test', 'PATCH', `/appointments/${appointment.id}`, {
      body: { status: 'cancelled' },
      headers: { 'If-Match': `"${appointment.version}"` },
    });
  }
}

async function signedInAt(page: Page, email: string, landing: RegExp): Promise<void> {
  await signIn(page, email);
  await expect(page).toHaveURL(landing);
}

const times = (page: Page) => page.getByRole('group', { name: /^Free times/ }).getByRole('button');

test('a client books a fasting blood test, loses a time to another client, books the next, and sees how to prepare on home', async ({
  page,
  request,
  allowConsoleError,
}) => {
  // The lost race is a 409, which the browser reports.
  allowConsoleError(/status of 409/);
  await clearPortalBookings(request, BOOKER!.id);
  await signedInAt(page, BOOKER!.email, /\/user\/home\//);
  await page.goto(`/user/book-test/${BOOKER!.id}`);
  await expect(page.getByRole('heading', { name: 'Book a test', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Choose Fasting blood panel' }).click();
  await expect(page.getByRole('heading', { name: 'Book Fasting blood panel' })).toBeVisible();
  await expect(page.getByText(/Fast for 10 hours/)).toBeVisible();

  const day = dayAhead(12);
  await page.getByLabel('Day').selectOption(day);
  await times(page).first().click();
  const first = (await times(page).first().textContent())!;
  await expectNoSeriousAxeViolation(page);

  // Another client books that very time meanwhile.
  const services = await call<Schemas['ServiceList']>(request, RACER!.email, 'GET', '/services');
  const panel = services.body.results.find((s) => s.name === 'Fasting blood panel')!;
  const clinics = await call<Schemas['ClinicList']>(request, RACER!.email, 'GET', '/clinics');
  const bengaluru = clinics.body.results.find((c) => c.name === 'Thrive Bengaluru')!;
  const query = new URLSearchParams({
    service: panel.id,
    clinic: bengaluru.id,
    from: instantAt(`${day} 00:00`, ZONE).toISOString(),
    to: instantAt(`${addDays(day, 1)} 00:00`, ZONE).toISOString(),
  });
  const free = await call<Schemas['SlotList']>(request, RACER!.email, 'GET', `/slots?${query.toString()}`);
  const taken = free.body.results.find((slot) => slot.starts_at.slice(11, 16) === first)!;
  const raced = await call(request, RACER!.email, 'POST', '/appointments', {
    body: { client_id: RACER!.id, service_id: panel.id, resource_id: taken.resource_id, starts_at: taken.starts_at },
  });
  expect(raced.status).toBe(201);

  await page.getByRole('button', { name: new RegExp(`^Book .* at ${first}$`) }).click();
  await expect(page.getByRole('alert')).toContainText('That time was just taken');
  // The choices stay: the same test and day, with the times free now.
  await expect(page.getByRole('heading', { name: 'Book Fasting blood panel' })).toBeVisible();
  await expect(page.getByLabel('Day')).toHaveValue(day);
  await expect(times(page).first()).not.toHaveText(first);
  const second = (await times(page).first().textContent())!;
  await times(page).first().click();
  await page.getByRole('button', { name: new RegExp(`^Book .* at ${second}$`) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Booked' })).toContainText('Fasting blood panel');
  await expect(page.getByRole('heading', { name: 'Your booked tests' })).toBeVisible();

  await page.getByRole('link', { name: 'Home' }).click();
  const reminder = page.getByRole('region', { name: 'Get ready' });
  await expect(reminder).toContainText('Fasting blood panel');
  await expect(reminder).toContainText(second);
  await expect(reminder).toContainText('Fast for 10 hours');
  await expectNoSeriousAxeViolation(page);
});

test('a client books the intake call by video', async ({ page, request }) => {
  await clearPortalBookings(request, CALLER!.id);
  await signedInAt(page, CALLER!.email, /\/user\/home\//);
  await page.goto(`/user/intake-call/${CALLER!.id}`);
  await expect(page.getByRole('heading', { name: 'Book your intake call' })).toBeVisible();
  await page.getByText('Video', { exact: true }).click();
  await expect(page.getByText(/We e-mail you the video link/)).toBeVisible();
  await page.getByLabel('Day').selectOption(dayAhead(13));
  await times(page).first().click();
  await page.getByRole('button', { name: /^Book the call .* at / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your intake call is booked' })).toContainText('by video');
  const card = page.getByRole('article', { name: 'Intake call' });
  await expect(card).toContainText('Video call with Thrive Bengaluru');
  await expect(card.getByRole('button', { name: 'Move' })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
});

test('a message written offline arrives once when the phone is back online, and reception answers it on the hub', async ({
  page,
  context,
  browser,
  request,
  allowConsoleError,
}) => {
  // Offline, the browser reports the requests it could not make.
  allowConsoleError(/Failed to load resource|net::ERR_INTERNET_DISCONNECTED/);
  const subject = `Parking ${Date.now()}`;
  await signedInAt(page, WRITER!.email, /\/user\/home\//);
  await page.goto(`/user/support/${WRITER!.id}`);
  await expect(page.getByRole('heading', { name: 'Write to the clinic' })).toBeVisible();
  await page.getByText('I forgot my password. How do I reset it?').click();
  await expect(page.getByText(/no self-service password reset. Please contact the clinic/)).toBeVisible();
  await expectNoSeriousAxeViolation(page);

  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).fill('Is there parking near the clinic?');
  await page.getByRole('button', { name: 'Send message' }).click();
  const thread = page.getByRole('article', { name: subject });
  await expect(thread.getByText('Not yet sent')).toBeVisible();

  await context.setOffline(false);
  await expect(thread.getByText('Waiting for the clinic')).toBeVisible({ timeout: 30_000 });
  const open = await call<Schemas['SupportThreadList']>(
    request,
    'reception@thrive.test',
    'GET',
    '/support/threads?status=open&limit=200',
  );
  expect(open.body.results.filter((item) => item.subject === subject)).toHaveLength(1);

  // Reception answers on the hub.
  const desk = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signedInAt(desk, 'reception@thrive.test', /\/hub$/);
  const messages = desk.getByRole('region', { name: /^Messages from clients/ });
  await messages.getByRole('button', { name: `Answer ${subject}` }).click();
  await messages.getByLabel('Your answer').fill('Yes: visitor parking on level B1, free for three hours.');
  await messages.getByRole('button', { name: 'Send answer' }).click();
  // Once the server has the answer, the thread leaves the open messages.
  await expect(messages.getByText(subject, { exact: true })).toBeHidden({ timeout: 30_000 });
  await desk.close();

  await page.reload();
  await expect(thread.getByText('Answered')).toBeVisible();
  await thread.getByRole('button', { name: 'Show messages' }).click();
  await expect(thread.getByText('visitor parking on level B1')).toBeVisible();
  const seen = await call<Schemas['SupportThreadList']>(request, WRITER!.email, 'GET', '/support/threads');
  expect(seen.body.results.filter((item) => item.subject === subject).map((item) => item.message_count)).toEqual([2]);
});
