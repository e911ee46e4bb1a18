/**
 * Times on the clinic's clock, on a device in another zone: the browser runs
 * in New York while the demo clinic is Thrive Bengaluru (Asia/Kolkata), and
 * the chart, the signed record, the hub and the portal all show the clinic's
 * wall clock (24-hour), never the device's.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { wallClockAt, type components } from '@contract';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import { accessToken, expect, signIn, test } from './fixtures.ts';

type Schemas = components['schemas'];

const DEVICE_ZONE = 'America/New_York';
const CLINIC_ZONE = 'Asia/Kolkata';
const CLINIC = 'Thrive Bengaluru';
const CLIENT2 = demoAccount('client2@thrive.test');
const NURSE = demoAccount('nurse@thrive.test');

test.use({ timezoneId: DEVICE_ZONE, viewport: { width: 820, height: 1180 }, serviceWorkers: 'block' });
test.describe.configure({ timeout: 90_000 });

async function asSuper<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${await accessToken('super@thrive.test')}` },
  });
  expect(answer.status(), path).toBe(200);
  return (await answer.json()) as T;
}

/** `HH:MM` at the clinic. */
function clinicTime(instant: string): string {
  return wallClockAt(new Date(instant), CLINIC_ZONE).time.slice(0, 5);
}

/** "Tue 1 Dec 2026" at the clinic, written independently of the app. */
function clinicDate(instant: string): string {
  const date = wallClockAt(new Date(instant), CLINIC_ZONE).date;
  const day = new Date(`${date}T12:00:00Z`);
  const weekday = day.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const month = day.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${weekday} ${day.getUTCDate()} ${month} ${date.slice(0, 4)}`;
}

async function signedInAsNurse(page: Page): Promise<void> {
  await signIn(page, NURSE.email);
  await expect(page).toHaveURL(/\/hub$/);
  // The browser really is in New York: the app's times below owe nothing to the device.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(DEVICE_ZONE);
}

test('the hub, a chart and a signed record read the clinic’s clock on a tablet set to New York', async ({
  page,
  request,
}) => {
  const now = Date.now();
  // The session under way at the clinic whatever the hour (the demo's sauna), with its draft chart: on the hub's
  // list, and charted with its vitals and who entered them. Other specs start sessions of their own, uncharted.
  const under = await asSuper<Schemas['AppointmentList']>(request, '/appointments?status=in_progress&limit=100');
  const session = under.results.find(
    (a) => a.clinic_name === CLINIC && a.resource_name === 'Infrared sauna 1' && Date.parse(a.ends_at) > now,
  );
  expect(session, 'the demo week has a session under way at Thrive Bengaluru').toBeDefined();
  const drafts = await asSuper<Schemas['VisitList']>(request, `/visits?client=${session!.client_id}&state=draft`);
  const summary = drafts.results.find((visit) => visit.appointment_id === session!.id)!;
  const draft = await asSuper<Required<Schemas['Visit']>>(request, `/visits/${summary.id}`);
  const vitals = draft.vitals[0]!;

  await signedInAsNurse(page);
  const today = page.getByRole('list', { name: 'Coming up today' });
  await expect(today).toContainText(`${clinicTime(session!.starts_at)} ${session!.client_name}`);

  // The chart: the vitals' time as the clinic's 24-hour time, and who entered them, when.
  await page.goto(`/client/${summary.therapy}/${session!.client_id}/visit/${summary.id}`);
  const chart = page.getByRole('region', { name: 'Vitals', exact: true });
  await expect(chart).toContainText(clinicTime(vitals.taken_at));
  const stamp = draft.attributions[vitals.id]!;
  const who = stamp.by === NURSE.id ? 'You' : draft.people[stamp.by];
  await expect(chart).toContainText(`${who} · ${clinicTime(stamp.at)}`);

  // A signed visit's record (and its printout): started and signed on the clinic's clock.
  const signed = await asSuper<Schemas['VisitList']>(request, `/visits?client=${CLIENT2.id}&state=signed`);
  const record = await asSuper<Schemas['Visit']>(
    request,
    `/visits/${signed.results.find((visit) => visit.therapy === 'iv' && visit.clinic_name === CLINIC)!.id}`,
  );
  await page.goto(`/client/discovery/${CLIENT2.id}/visit/${record.id}`);
  await expect(
    page.getByText(`IV therapy · ${clinicDate(record.created_at)}, ${clinicTime(record.created_at)} · ${CLINIC}`),
  ).toBeVisible();
  await expect(
    page.getByText(`on ${clinicDate(record.signed_at!)}, ${clinicTime(record.signed_at!)}.`, { exact: false }),
  ).toBeVisible();
  // The electronic signature names the signer, the role and the time on the clinic's clock, with its zone.
  await expect(page.getByRole('region', { name: 'Electronic signature' }).getByTestId('signature-line')).toHaveText(
    `${record.signature!.name}, Nurse · ${clinicDate(record.signed_at!)}, ${clinicTime(record.signed_at!)} (IST)`,
  );
});

test('the portal greets by the clinic’s clock and shows the next appointment at the clinic’s time', async ({
  page,
  request,
}) => {
  const next = await asSuper<Schemas['AppointmentList']>(
    request,
    `/appointments?client=${CLIENT2.id}&status=booked&from=${encodeURIComponent(new Date().toISOString())}&limit=1`,
  );
  const appointment = next.results[0]!;
  await signIn(page, CLIENT2.email);
  await expect(page).toHaveURL(new RegExp(`/user/home/${CLIENT2.id}$`));
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(DEVICE_ZONE);

  const hour = Number(wallClockAt(new Date(), CLINIC_ZONE).time.slice(0, 2));
  const greeting = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText(greeting);
  const card = page.getByRole('region', { name: 'Your next appointment' });
  await expect(card).toContainText(`at ${clinicTime(appointment.starts_at)}–${clinicTime(appointment.ends_at)} (IST)`);
});
