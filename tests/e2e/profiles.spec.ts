/**
 * Profiles and program enrollments against the production build and the real
 * local stack: an admin edits a client's phone and the client sees it; a
 * client edits its own story and cannot touch its role; a nurse enrolls a
 * client, changes the enrollment's status and removes it; offline, a saved
 * change is kept on the device, marked, and sent when the network returns,
 * and leaving with unsaved typing asks first. (Two people editing one
 * profile: tests/e2e/outbox.spec.ts.)
 *
 * Other specs read client2's name and consent, never its phone, story or
 * occupation. Every value changed here is put back through the API at the
 * end of its test, and the conflict, enrollment and offline tests use
 * generated demo clients no other spec opens.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import type { components } from '@contract';
import {
  accessToken,
  axeScan,
  expect,
  OFFLINE_CONSOLE_ERRORS,
  signIn,
  test,
  unlockingOnLoad,
  waitForServiceWorker,
} from './fixtures.ts';

type Profile = components['schemas']['Profile'];
type ProfilePatch = components['schemas']['ProfilePatch'];

// Each test signs in through the real identity service and draws long forms; give a busy CI machine room.
test.describe.configure({ timeout: 60_000 });
// The service worker only where a test is about working offline: installing it precaches every chunk again.
test.use({ serviceWorkers: 'block' });

const CLIENT2 = demoAccount('client2@thrive.test');
const CLIENT2_NAME = 'Daniel Okafor';
/**
 * Generated demo clients (the stack seeds these 50 with the same seed), one per test that changes data; the
 * last ones, which other specs do not pick.
 */
const [ENROLLED_CLIENT, OFFLINE_CLIENT] = generateClients(50).slice(-2);
const nameOf = (account: { firstName: string; lastName: string }) => `${account.firstName} ${account.lastName}`;

/** What a person is told when their save is kept and on its way. */
const SAVED = 'Your changes are saved on this device and being sent to the server.';
const syncLine = (page: Page) => page.getByRole('button', { name: /Show unsent changes$/ });
const PROGRAMS = [
  'Thrive Foundations',
  'Metabolic Reset',
  'Longevity',
  'Cognitive Performance',
  'IV Wellness',
  'HBOT Recovery',
];

/** The profile as the API holds it, read as the super admin (who reads every field). */
async function readProfile(request: APIRequestContext, id: string): Promise<Profile> {
  const answer = await request.get(`/api/v1/users/user-profiles/${id}`, {
    headers: { Authorization: `Bearer ${await accessToken('super@thrive.test')}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Profile;
}

/** Puts fields back as they were, whatever version the profile is at now. */
async function restoreProfile(request: APIRequestContext, id: string, patch: ProfilePatch): Promise<void> {
  const where = `/api/v1/users/user-profiles/${id}`;
  const Authorization = `Bearer ${await accessToken('super@thrive.test')}`;
  const current = await request.get(where, { headers: { Authorization } });
  const answer = await request.patch(where, {
    headers: { Authorization, 'If-Match': current.headers()['etag'] ?? '' },
    data: patch,
  });
  expect(answer.status()).toBe(200);
}

/** Signs in and waits until the app has left the sign-in page. */
async function signedIn(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

async function openUserPage(page: Page, id: string, name: string): Promise<void> {
  await page.goto(`/users/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

/** Opens the editor of the profile on screen. */
async function startEditing(page: Page) {
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form).toBeVisible();
  return form;
}

async function newSignedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = unlockingOnLoad(await context.newPage());
  await signedIn(page, email);
  return { context, page };
}

test('an admin changes a client’s phone on the user page, and the client sees it on its profile', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // Two people sign in.
  const before = await readProfile(request, CLIENT2.id);
  try {
    await signedIn(page, 'admin@thrive.test');
    await openUserPage(page, CLIENT2.id, CLIENT2_NAME);
    // The identity attributes, e-mail among them, in a small read-only table.
    await expect(page.getByRole('row', { name: /email client2@thrive\.test/ })).toBeVisible();

    const form = await startEditing(page);
    await form.getByLabel('Phone', { exact: true }).fill('+1 555 555 0198');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Contact details' })).toContainText('+15555550198');
    await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes');

    const client = await newSignedInPage(browser, CLIENT2.email);
    await client.page.goto(`/user/profile/${CLIENT2.id}`);
    await expect(client.page.getByRole('region', { name: 'Contact details' })).toContainText('+15555550198');
    await client.context.close();
  } finally {
    await restoreProfile(request, CLIENT2.id, { phone_number: before.phone_number });
  }
});

test('a client edits its own story and has no control for its role', async ({ page, request }) => {
  const before = await readProfile(request, CLIENT2.id);
  const story = `Started swimming again in ${new Date().getFullYear()}.`;
  try {
    await signedIn(page, CLIENT2.email);
    await page.goto(`/user/profile/${CLIENT2.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
    const form = await startEditing(page);

    await expect(page.getByLabel('Role')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
    await expect(form.getByLabel(/^First name/)).toHaveCount(0);
    await expect(form.getByRole('region', { name: 'Personal details' })).toContainText('Daniel');
    const serious = (await axeScan(page).include('main').analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);

    await form.getByLabel('Story', { exact: true }).fill(story);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Health journey' })).toContainText(story);
    await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes');
    expect((await readProfile(request, CLIENT2.id)).client_story).toBe(story);
  } finally {
    await restoreProfile(request, CLIENT2.id, { client_story: before.client_story });
  }
});

test('a nurse enrolls a client in a program, changes its status and removes it', async ({ page }) => {
  const { id } = ENROLLED_CLIENT!;
  const name = nameOf(ENROLLED_CLIENT!);
  await signedIn(page, 'nurse@thrive.test');
  await page.goto(`/client/${id}/profile`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Profile of ${name}`);
  const panel = page.getByRole('region', { name: 'Program enrollments' });
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  const enrolled = await panel.getByRole('listitem').evaluateAll((items) => items.map((item) => item.ariaLabel));
  const program = PROGRAMS.find((candidate) => !enrolled.includes(candidate))!;

  await panel.getByRole('button', { name: 'Enroll in a program' }).click();
  const dialog = page.getByRole('dialog', { name: `Enroll ${name} in a program` });
  await dialog.getByLabel(/^Program/).selectOption({ label: program });
  await dialog.getByLabel(/^Start date/).fill('2026-03-02');
  await dialog.getByLabel('Notes').fill('Three sessions a week');
  await dialog.getByRole('button', { name: 'Enroll' }).click();
  await expect(page.getByText(`${name} is enrolled in ${program}.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const item = panel.getByRole('listitem', { name: program });
  await expect(item).toContainText('Active');
  await expect(item).toContainText('Three sessions a week');
  await item.getByLabel(`Status of ${program}`).selectOption({ label: 'Paused' });
  await expect(page.getByText(`${program} is now paused.`)).toBeVisible();
  await expect(item.locator('.mantine-Badge-root').first()).toHaveText('Paused');
  await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes');

  await item.getByRole('button', { name: `Remove ${program}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this enrollment?' });
  await expect(confirm).toContainText(`Remove the ${program} enrollment of ${name}?`);
  await confirm.getByRole('button', { name: 'Remove enrollment' }).click();
  await expect(page.getByText(`${name} is no longer enrolled in ${program}.`)).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(panel.getByRole('listitem')).toHaveCount(enrolled.length);
});

test.describe('with the app installed', () => {
  test.use({ serviceWorkers: 'allow' });

  test('offline, a saved change is kept on the device and sent when the network returns; leaving unsaved asks first', async ({
    page,
    context,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_CONSOLE_ERRORS);
    const { id } = OFFLINE_CLIENT!;
    const name = nameOf(OFFLINE_CLIENT!);
    const before = await readProfile(request, id);
    try {
      await signedIn(page, 'admin@thrive.test');
      await openUserPage(page, id, name);
      await waitForServiceWorker(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();

      await context.setOffline(true);
      const form = await startEditing(page);
      await expect(form.getByText('You are offline. Saving keeps your changes on this device')).toBeVisible();
      await form.getByLabel('Organization', { exact: true }).fill('Thrive test lab');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(
        page.getByText('Your changes are saved on this device. They are sent when the connection returns.'),
      ).toBeVisible();
      const work = page.getByRole('region', { name: 'Work and clinic' });
      await expect(work).toContainText('Thrive test lab');
      await expect(work).toContainText('Not yet on the server');

      await context.setOffline(false);
      await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes', { timeout: 20_000 });
      await expect(work).not.toContainText('Not yet on the server');
      expect((await readProfile(request, id)).organization).toBe('Thrive test lab');

      // Typing that is not saved yet: moving to another screen asks first.
      const again = await startEditing(page);
      await again.getByLabel('Organization', { exact: true }).fill('Thrive research');
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Users' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
      await expect(again.getByLabel('Organization', { exact: true })).toHaveValue('Thrive research');
      await expect(page).toHaveURL(new RegExp(`/users/${id}$`));
    } finally {
      await restoreProfile(request, id, { organization: before.organization });
    }
  });
});
