/**
 * Messages that reach people, on the whole local stack: a client books a test
 * in the portal and its confirmation lands in the local inbox (MailDev, read
 * through its REST API); an appointment booked inside the reminder lead gets
 * its reminder too, and the portal lists both; an admin resets a password and
 * the e-mailed temporary password leads to the new-password step.
 *
 * Consented generated demo clients no other spec opens.
 */
import { addDays, wallClockAt, type components } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import { passwordSignIn } from '../../scripts/identity/client.ts';
import { stackConfig } from '../../scripts/stack/config.ts';
import { E2E_ENV } from '../support/e2e-env.ts';
import { localInbox } from '../support/local-inbox.ts';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

type Schemas = components['schemas'];

test.describe.configure({ timeout: 120_000 });
test.use({ serviceWorkers: 'block' });

const stack = stackConfig(E2E_ENV);
const inbox = localInbox(`http://127.0.0.1:${stack.mailWebPort}`);
const [BOOKER, FORGETFUL] = generateClients(50)
  .filter((client) => client.hipaaConsent)
  .slice(35, 37);
const ZONE = 'Asia/Kolkata';

async function asReception<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const signedIn = await passwordSignIn(stack.identityUrl, stack.clientId, 'reception@thrive.test', DEMO_PASSWORD);
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${signedIn.AuthenticationResult?.AccessToken}`,
      'content-type': 'application/json',
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return (await response.json()) as T;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a booking’s confirmation and a reminder inside the lead reach the inbox, and the portal lists them', async ({
    page,
  }) => {
    await signIn(page, BOOKER!.email);
    await expect(page).toHaveURL(/\/user\/home\//);
    await page.goto(`/user/book-test/${BOOKER!.id}`);
    await page.getByRole('button', { name: 'Choose Thyroid panel' }).click();
    const day = addDays(wallClockAt(new Date(), ZONE).date, 15);
    await page.getByLabel('Day').selectOption(day);
    const time = page
      .getByRole('group', { name: /^Free times/ })
      .getByRole('button')
      .first();
    const chosen = (await time.textContent())!;
    await time.click();
    await page.getByRole('button', { name: new RegExp(`^Book .* at ${chosen}$`) }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Booked' })).toContainText('Thyroid panel');

    const confirmation = await inbox.waitFor(BOOKER!.email, (mail) => mail.subject.startsWith('Booked: Thyroid panel'));
    expect(confirmation.subject).toContain(`, ${chosen}`);
    expect(confirmation.text).toContain('(Asia/Kolkata)');
    expect(confirmation.attachments?.map((attachment) => attachment.filename)).toEqual(['appointment.ics']);

    // The clinic books it a test within the next day: its reminder follows at once.
    const services = await asReception<Schemas['ServiceList']>('/services');
    const clinics = await asReception<Schemas['ClinicList']>('/clinics');
    const bengaluru = clinics.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!;
    const scan = services.results.find((service) => service.name === 'Body composition scan')!;
    // The first free time of the day ahead, inside the reminder lead (a day): the demo week books the rooms too.
    const window = new URLSearchParams({
      service: scan.id,
      clinic: bengaluru.id,
      client: BOOKER!.id,
      from: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      to: new Date(Date.now() + 22 * 3_600_000).toISOString(),
    });
    const [slot] = (await asReception<Schemas['SlotList']>(`/slots?${window}`)).results;
    expect(slot).toBeDefined();
    const booked = await asReception<Schemas['Appointment']>('/appointments', {
      method: 'POST',
      body: { client_id: BOOKER!.id, service_id: scan.id, resource_id: slot!.resource_id, starts_at: slot!.starts_at },
    });
    expect(booked?.id).toBeDefined();
    await inbox.waitFor(BOOKER!.email, (mail) => mail.subject.startsWith('Reminder: Body composition scan'));

    await page.goto(`/user/profile/${BOOKER!.id}`);
    const sent = page.getByRole('region', { name: 'Messages from the clinic' });
    await expect(sent).toContainText('Booking confirmation');
    await expect(sent).toContainText('Reminder');
    await expect(sent.getByText(/^Booked: Thyroid panel/)).toBeVisible();
    const choices = page.getByRole('region', { name: 'How the clinic reaches you' });
    await choices.getByRole('checkbox', { name: 'Reminders by e-mail' }).uncheck();
    await choices.getByRole('button', { name: 'Save choices' }).click();
    await expect(page.getByText('Your choices are saved.')).toBeVisible();
  });
});

test('an admin resets a forgotten password, and the e-mailed password leads to choosing a new one', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@thrive.test');
  await expect(page).toHaveURL(/\/backoffice/);
  await page.goto(`/users/${FORGETFUL!.id}`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('never shown here');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/A temporary password is on its way/)).toBeVisible();

  const mail = await inbox.waitFor(FORGETFUL!.email, (message) => message.subject === 'Your temporary Thrive password');
  const password = /^ {4}(\S+)$/m.exec(mail.text)?.[1];
  expect(password).toBeDefined();
  await expect(page.getByText(password!)).toHaveCount(0);

  const client = await browser.newPage();
  await signIn(client, FORGETFUL!.email, password);
  await expect(client.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await client.close();
});
