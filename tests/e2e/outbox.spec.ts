/**
 * Changes made on a tablet reach the server once, or are shown as a conflict:
 * a nurse edits a client offline, reloads (and unlocks with her password),
 * signs out (and is told what is
 * unsent), another person signs in on the same browser and sees none of it,
 * while the change arrives, once, as hers, sent with her own credential when
 * the network is back. Two tablets editing one field: the second is shown the
 * conflict field by field and keeps her value.
 *
 * Each test uses a generated demo client no other spec opens.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import type { components } from '@contract';
import {
  accessToken,
  expect,
  OFFLINE_CONSOLE_ERRORS,
  pressSignOut,
  reloadToUnlockScreen,
  signIn,
  test,
  unlock,
  unlockingOnLoad,
  waitForSavedCache,
  waitForServiceWorker,
} from './fixtures.ts';

type Profile = components['schemas']['Profile'];
type AuditEventList = components['schemas']['AuditEventList'];

// Every page load asks for the password again, and unwrapping the data key takes a moment on a busy machine.
test.describe.configure({ timeout: 150_000 });

const [OFFLINE_CLIENT, CONFLICT_CLIENT] = generateClients(50).slice(-6, -4);
const nameOf = (account: { firstName: string; lastName: string }) => `${account.firstName} ${account.lastName}`;

async function readProfile(request: APIRequestContext, id: string): Promise<Profile> {
  const answer = await request.get(`/api/v1/users/user-profiles/${id}`, {
    headers: { Authorization: `Bearer ${await accessToken('super@thrive.test')}` },
  });
  return (await answer.json()) as Profile;
}

/** The successful profile changes of a client, as the audit trail records them. */
async function profileUpdates(request: APIRequestContext, id: string) {
  const answer = await request.get(`/api/v1/users/audit-events?subject_id=${id}&action=profiles.update`, {
    headers: { Authorization: `Bearer ${await accessToken('super@thrive.test')}` },
  });
  return ((await answer.json()) as AuditEventList).results.filter((event) => event.outcome === 'success');
}

async function signedIn(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  // Signing in also unwraps the person's data key (PBKDF2): a moment more on a busy machine.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 30_000 });
}

const syncLine = (page: Page) => page.getByRole('button', { name: /Show unsent changes$/ });

test('a change made offline survives a reload and a sign-out, stays hidden from the next person, and arrives once as its author’s', async ({
  page,
  context,
  request,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_CONSOLE_ERRORS);
  // A read of the client's page still on its way when the doctor signs out is refused (401): her session has ended.
  allowConsoleError(/status of 401 \(Unauthorized\)/);
  const client = OFFLINE_CLIENT!;
  // The emergency contact: a section the nurse's role writes (and the doctor's reads).
  const contact = `Asha Potter ${Date.now()}`;
  const updatesBefore = (await profileUpdates(request, client.id)).length;

  // Signing out ends a user's sessions everywhere: a fourth nurse and the second doctor, whom no other spec signs in.
  await signedIn(page, 'nurse4@thrive.test');
  await page.goto(`/client/${client.id}/profile`);
  // The worker may need a reload to control the page: the profile is read again after it.
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Profile of ${nameOf(client)}`);
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
  await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes');

  // The cache is written to the tablet at most once a second (src/lib/query/persist.ts): the profile is saved there
  // before the network goes, as it would have been at the bay.
  await waitForSavedCache(page);

  // Offline at the bay: the change is kept on the tablet and shown, marked.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Emergency contact name', { exact: true }).fill(contact);
  await form.getByRole('button', { name: 'Save changes' }).click();
  const emergency = page.getByRole('region', { name: 'Emergency contact' });
  await expect(emergency).toContainText(contact);
  await expect(emergency).toContainText('Not yet on the server');
  await expect(syncLine(page)).toHaveAccessibleName(
    '1 change saved on this device, waiting for the network. Show unsent changes',
  );

  // A reload, still offline: Thrive is locked until the nurse gives her password (checked on the tablet), then
  // the change is still there.
  await reloadToUnlockScreen(page);
  await expect(page.getByText(nameOf(client))).toHaveCount(0);
  await unlock(page);
  await expect(page.getByRole('region', { name: 'Emergency contact' })).toContainText(contact);
  await expect(syncLine(page)).toHaveAccessibleName(/^1 change saved on this device/);

  // Signing out lists what is unsent first; the nurse signs out anyway.
  await pressSignOut(page);
  const warning = page.getByRole('dialog', { name: 'Some changes are not on the server yet' });
  await expect(warning).toContainText(`Profile of ${nameOf(client)}`);
  await expect(warning).toContainText('they stay on this device, locked to you');
  await warning.getByRole('button', { name: 'Sign out now' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Another person signs in on the same browser: none of it is hers to see or send.
  await context.setOffline(false);
  await signedIn(page, 'doctor2@thrive.test');
  await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes');
  await syncLine(page).click();
  await expect(page.getByRole('dialog', { name: 'Unsent changes' })).not.toContainText(`Profile of ${nameOf(client)}`);
  await page.keyboard.press('Escape');

  // Meanwhile the network is back, and the nurse's change goes with her own credential: once, as hers.
  await expect
    .poll(async () => (await readProfile(request, client.id)).emergency_contact_name, { timeout: 20_000 })
    .toBe(contact);
  const updates = await profileUpdates(request, client.id);
  expect(updates).toHaveLength(updatesBefore + 1);
  expect(updates[0]).toMatchObject({
    actor_id: demoAccount('nurse4@thrive.test').id,
    fields: ['emergency_contact_name'],
  });
  await page.goto(`/client/${client.id}/profile`);
  await expect(page.getByRole('region', { name: 'Emergency contact' })).toContainText(contact);
  await pressSignOut(page);
  await expect(page).toHaveURL(/\/login/);

  // The nurse is back: nothing of hers waits, and nothing went twice.
  await signedIn(page, 'nurse4@thrive.test');
  await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes');
  expect(await profileUpdates(request, client.id)).toHaveLength(updatesBefore + 1);
});

test('two tablets change one field: the second sees the conflict field by field and keeps hers', async ({
  page,
  browser,
  request,
}) => {
  const client = CONFLICT_CLIENT!;
  const second = await browser.newContext();
  const other = unlockingOnLoad(await second.newPage());
  try {
    // Both write contact details: the super admin on one tablet, reception on the other.
    await signedIn(page, 'super@thrive.test');
    await signedIn(other, 'reception@thrive.test');
    for (const tablet of [page, other]) {
      await tablet.goto(`/client/${client.id}/profile`);
      await expect(tablet.getByRole('heading', { level: 1 })).toHaveText(`Profile of ${nameOf(client)}`);
      await tablet.getByRole('button', { name: 'Edit profile' }).click();
    }

    // The first tablet saves; the second, which opened the same version, saves a different value after it.
    const first = page.getByRole('form', { name: 'Edit profile' });
    await first.getByLabel('City', { exact: true }).fill('Mumbai');
    await first.getByRole('button', { name: 'Save changes' }).click();
    // The sync line reads 'All changes saved' before the save is queued too: the server's copy says it has landed.
    await expect.poll(async () => (await readProfile(request, client.id)).city).toBe('Mumbai');
    await expect(syncLine(page)).toHaveAccessibleName('All changes saved. Show unsent changes');

    const mine = other.getByRole('form', { name: 'Edit profile' });
    await mine.getByLabel('City', { exact: true }).fill('Mysuru');
    await mine.getByRole('button', { name: 'Save changes' }).click();
    await expect(other.getByRole('alert', { name: 'A change of yours is not saved' })).toBeVisible();
    await expect(syncLine(other)).toHaveAccessibleName('1 change needs review. Show unsent changes');
    expect((await readProfile(request, client.id)).city).toBe('Mumbai');

    await syncLine(other).click();
    const drawer = other.getByRole('dialog', { name: 'Unsent changes' });
    await drawer.getByRole('button', { name: 'Resolve' }).click();
    const conflict = other.getByRole('dialog', { name: /choose what to keep/ });
    await expect(conflict.getByRole('row', { name: /City/ })).toContainText('Mysuru');
    await expect(conflict.getByRole('row', { name: /City/ })).toContainText('Mumbai');
    await conflict.getByRole('radio', { name: /Use mine for City/ }).check();
    await conflict.getByRole('button', { name: 'Send my choices' }).click();
    await expect(drawer.getByText('All your changes are saved on the server.')).toBeVisible({ timeout: 20_000 });
    expect((await readProfile(request, client.id)).city).toBe('Mysuru');
  } finally {
    await second.close();
  }
});
