/**
 * User administration in the browser, against the real identity service and
 * database: the list (search, role filter, URL state), creating a user who
 * then signs in for the first time, disabling and deleting an account, the
 * backoffice's counts and recent changes, and who may not come here at all.
 *
 * Every account these tests change is one they create; demo accounts are only
 * read, so specs running beside this one are not affected.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { identityFiles } from '../../scripts/identity/files.ts';
import { stackConfig } from '../../scripts/stack/config.ts';
import { E2E_ENV } from '../support/e2e-env.ts';
import { expect, expectSignedIn, signIn, test, unlockingOnLoad } from './fixtures.ts';

const ADMIN = 'admin@thrive.test';
const CHOSEN_PASSWORD = 'Chosen!2026x';
const MESSAGES = {
  userNotFound: 'User not found. Please check your email address or contact support.',
  disabled: 'User is disabled.',
};

// The service worker is not what these tests are about.
test.use({ serviceWorkers: 'block' });

/** An e-mail no other run or spec uses. */
function uniqueEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@thrive.test`;
}

/**
 * The temporary password the API generated for a new account. It travels by
 * e-mail; the test reads it from the identity emulator's user store instead.
 */
async function temporaryPasswordOf(email: string): Promise<string> {
  const config = stackConfig({ ...process.env, ...E2E_ENV });
  const { poolFile } = identityFiles(config.identityDir, config.userPoolId);
  const pool = JSON.parse(await readFile(poolFile, 'utf8')) as {
    Users: Record<string, { Password: string; Attributes: { Name: string; Value: string }[] }>;
  };
  const user = Object.values(pool.Users).find((candidate) =>
    candidate.Attributes.some((attribute) => attribute.Name === 'email' && attribute.Value === email),
  );
  if (!user) throw new Error(`No identity user with the e-mail ${email}`);
  return user.Password;
}

async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/backoffice$/);
}

/** Every API request the page makes from now on: its method and address. */
function searchRequests(page: Page): { urls: string[] } {
  const seen = { urls: [] as string[] };
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) seen.urls.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Search' });
}

/** Picks an option of one of Mantine's Selects, found by its label within `scope`; its options open in a portal. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
}

function userLink(page: Page, name: string) {
  return page.getByRole('table', { name: 'Users' }).getByRole('link', { name, exact: true });
}

/** The table row of the user named `name`. */
function userRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** Creates a user through the 'New user' form of /users and waits for the toast. */
async function createUser(page: Page, user: NewUser, phone = ''): Promise<void> {
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel(/^Email/).fill(user.email);
  await dialog.getByLabel(/^First name/).fill(user.firstName);
  await dialog.getByLabel(/^Last name/).fill(user.lastName);
  await choose(page, dialog, 'Role', user.role);
  if (phone) await dialog.getByLabel('Phone', { exact: true }).fill(phone);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'User created' });
  await expect(toast).toContainText(`${user.firstName} ${user.lastName} (${user.email})`);
  await expect(toast).toContainText('temporary password by e-mail');
  await expect(dialog).toHaveCount(0);
}

/** A page of its own (no shared storage) for another person at another device. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  return unlockingOnLoad(await context.newPage());
}

test('an admin searches the list by name and filters it by role; the URL keeps the role, never the search', async ({
  page,
}) => {
  // A reload and several searches against the real stack.
  test.slow();
  await signInAsAdmin(page);
  await page.goto('/users');
  await expect(page.getByText(/^1–50 of \d+$/)).toBeVisible();

  const searches = searchRequests(page);
  await searchBox(page).fill('sharma');
  await expect(userLink(page, 'Priya Sharma')).toBeVisible();
  await expect(userLink(page, 'Nina Thomas')).toHaveCount(0);
  // Search text names people: it goes in a request body, never in an address (the page's or the API's).
  await expect(page).not.toHaveURL(/sharma/);
  expect(searches.urls.filter((url) => /sharma/i.test(url))).toEqual([]);
  expect(searches.urls.some((url) => /^POST .*\/api\/v1\/users\/users\/search$/.test(url))).toBe(true);

  // A reload forgets it (it was in the page's memory only).
  await page.reload();
  await expect(searchBox(page)).toHaveValue('');
  await expect(page.getByText(/^1–50 of \d+$/)).toBeVisible();
  await searchBox(page).fill('sharma');
  await expect(userLink(page, 'Priya Sharma')).toBeVisible();

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText(/^1–50 of \d+$/)).toBeVisible();
  // The list's filters are the device's own pickers (a native select).
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'Nurse' });
  await expect(page).toHaveURL(/[?&]role=NURSE/);
  await expect(userLink(page, 'Nina Thomas')).toBeVisible();
  await expect(userLink(page, 'Priya Sharma')).toHaveCount(0);
  const roles = page.getByRole('table', { name: 'Users' }).locator('tbody tr td:nth-child(3)');
  await expect(roles.first()).toHaveText('Nurse', { ignoreCase: true });
  for (const role of await roles.allTextContents()) expect(role.toLowerCase()).toBe('nurse');

  // Back undoes the filter; a tap anywhere on the row (here its e-mail) opens the user's page.
  await page.goBack();
  await expect(page).not.toHaveURL(/role=/);
  await expect(page.getByRole('combobox', { name: 'Role', exact: true }).locator('option:checked')).toHaveText(
    'All roles',
  );
  await searchBox(page).fill('client2@thrive.test');
  // The search has taken (the whole list's count is gone) before the row is opened.
  await expect(page.getByText(/^1–50 of \d+$/)).toHaveCount(0);
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  // The row's link covers the row: a tap on the e-mail lands on it (Playwright checks that the row takes the tap).
  const rowBox = (await rows.boundingBox())!;
  const emailBox = (await rows.getByRole('cell', { name: 'client2@thrive.test', exact: true }).boundingBox())!;
  await rows.click({
    position: { x: emailBox.x - rowBox.x + emailBox.width / 2, y: emailBox.y - rowBox.y + emailBox.height / 2 },
  });
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  // Back at the list, the search is as it was.
  await page.goBack();
  await expect(searchBox(page)).toHaveValue('client2@thrive.test');
  await expect(userLink(page, 'Daniel Okafor')).toBeVisible();
  expect(page.url()).not.toContain('client2');
  expect(searches.urls.filter((url) => /client2/i.test(url))).toEqual([]);
});

test('an admin cannot disable or delete their own account, and is told why', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/users');
  await searchBox(page).fill(ADMIN);
  await page.getByRole('button', { name: 'Actions for Arjun Mehta' }).click();
  await expect(page.getByText('You cannot disable or delete your own account.')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete user' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Disable account' })).toBeDisabled();
});

test('an admin creates a user, who signs in with the temporary password and sets a new one; the backoffice shows it', async ({
  page,
  browser,
  allowConsoleError,
}) => {
  // Two people's sign-ins and a refused duplicate: longer than most tests.
  test.slow();
  // The duplicate e-mail is answered 409, which the browser logs.
  allowConsoleError(/status of 409/);
  const user: NewUser = {
    email: uniqueEmail('lena.fischer'),
    firstName: 'Lena',
    lastName: 'Fischer',
    role: 'Health coach',
  };
  await signInAsAdmin(page);
  await page.goto('/users');

  // The form checks what it can before anything is sent.
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel(/^Email/).fill('not-an-email');
  await dialog.getByLabel('Phone', { exact: true }).fill('123');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('Enter an e-mail address like name@example.com')).toBeVisible();
  await expect(dialog.getByText('Enter the first name')).toBeVisible();
  await expect(dialog.getByText('Choose a role')).toBeVisible();
  await expect(dialog.getByText(/^Enter a phone number of 7 to 15 digits/)).toBeVisible();
  // An e-mail Thrive already has is refused by the server, at the e-mail field.
  await dialog.getByLabel(/^Email/).fill('Client2@Thrive.test');
  await expect(dialog.getByLabel(/^Email/)).toHaveValue('client2@thrive.test');
  await dialog.getByLabel(/^First name/).fill('Dup');
  await dialog.getByLabel(/^Last name/).fill('Licate');
  await choose(page, dialog, 'Role', 'Client');
  await dialog.getByLabel('Phone', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('A user with this e-mail already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  // What was typed is kept; the next create starts from a clean form once it succeeds.
  await page.getByRole('button', { name: 'New user' }).click();
  await expect(dialog.getByLabel(/^Email/)).toHaveValue('client2@thrive.test');
  for (const label of [/^Email/, /^First name/, /^Last name/]) await dialog.getByLabel(label).fill('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });

  await createUser(page, user, '555 555 0199');
  await searchBox(page).fill(user.email);
  const row = userRow(page, 'Lena Fischer');
  await expect(row).toContainText('Health coach', { ignoreCase: true });
  await expect(row).toContainText('Active', { ignoreCase: true });

  // The new user's first sign-in: the temporary password, then a password of their own.
  const newcomer = await freshPage(browser);
  await signIn(newcomer, user.email, await temporaryPasswordOf(user.email));
  await expect(newcomer.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await newcomer.getByLabel(/^New password/).fill(CHOSEN_PASSWORD);
  await newcomer.getByLabel(/^Confirm new password/).fill(CHOSEN_PASSWORD);
  await newcomer.getByRole('button', { name: 'Set password and sign in' }).click();
  // A health coach lands on the hub.
  await expect(newcomer).toHaveURL(/\/hub$/);
  await expectSignedIn(newcomer, 'Lena Fischer');
  await newcomer.context().close();

  // The backoffice: the create among recent changes, and the counts by role linking to the list.
  await page.goto('/backoffice');
  const changes = page.getByRole('list', { name: 'Recent changes' });
  // Among the latest (the other worker's specs write to the trail at the same time).
  await expect(
    changes.getByRole('listitem').filter({ hasText: `${ADMIN} created the account of ${user.email}` }),
  ).toBeVisible();
  const coaches = page.getByRole('link', { name: /^Health coach: \d+\. Show them$/ });
  await expect(coaches).toBeVisible();
  await coaches.click();
  await expect(page).toHaveURL(/\/users\?role=HEALTH_COACH$/);
  await expect(userLink(page, 'Lena Fischer')).toBeVisible();
});

test('an admin disables and then deletes a user, who then cannot sign in', async ({
  page,
  browser,
  allowConsoleError,
}) => {
  test.slow();
  // The identity service answers the refused sign-ins with 400.
  allowConsoleError(/status of 400/);
  const user: NewUser = {
    email: uniqueEmail('temp.leaver'),
    firstName: 'Tomas',
    lastName: 'Leaver',
    role: 'Client',
  };
  await signInAsAdmin(page);
  await page.goto('/users');
  await createUser(page, user);
  const password = await temporaryPasswordOf(user.email);
  await searchBox(page).fill(user.email);
  const row = userRow(page, 'Tomas Leaver');
  await expect(row).toContainText('Active', { ignoreCase: true });

  await row.getByRole('button', { name: 'Actions for Tomas Leaver' }).click();
  await page.getByRole('menuitem', { name: 'Disable account' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable Tomas Leaver?' });
  await disable.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "Tomas Leaver's account is disabled." })).toBeVisible();
  await expect(row).toContainText('Disabled', { ignoreCase: true });

  const leaver = await freshPage(browser);
  await signIn(leaver, user.email, password);
  await expect(leaver.getByRole('alert')).toHaveText(MESSAGES.disabled);

  await row.getByRole('button', { name: 'Actions for Tomas Leaver' }).click();
  await page.getByRole('menuitem', { name: 'Delete user' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Tomas Leaver?' });
  await expect(confirm).toContainText("This removes Tomas Leaver's account, profile and program enrollments.");
  await confirm.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tomas Leaver was deleted.' })).toBeVisible();
  // The list updates without a reload.
  await expect(userLink(page, 'Tomas Leaver')).toHaveCount(0);
  await expect(page.getByText('No users match this search.')).toBeVisible();

  await signIn(leaver, user.email, password);
  await expect(leaver.getByRole('alert')).toHaveText(MESSAGES.userNotFound);
  await leaver.context().close();
});

test('a nurse has no Users link, and /users leads to the not-authorized page', async ({ page }) => {
  await signIn(page, 'nurse@thrive.test');
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Backoffice', exact: true })).toHaveCount(0);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/unauthorized/);
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
});
