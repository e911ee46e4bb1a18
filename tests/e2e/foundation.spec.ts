import { test, expect, signIn } from './fixtures.ts';

/** Every ready demo account, with the name its own profile shows (from the demo data, written out here). */
const READY_ACCOUNTS = [
  { email: 'super@thrive.test', name: 'Sana Kapoor' },
  { email: 'admin@thrive.test', name: 'Arjun Mehta' },
  { email: 'nurse@thrive.test', name: 'Nina Thomas' },
  { email: 'reception@thrive.test', name: 'Ravi Iyer' },
  { email: 'doctor@thrive.test', name: 'Divya Rao' },
  { email: 'coach@thrive.test', name: 'Kabir Singh' },
  { email: 'nutrition@thrive.test', name: 'Meera Nair' },
  { email: 'client@thrive.test', name: 'Priya Sharma' },
  { email: 'client2@thrive.test', name: 'Daniel Okafor' },
];

test.describe('a ready demo account signs in and sees its own profile', () => {
  for (const account of READY_ACCOUNTS) {
    test(account.email, async ({ page }) => {
      await signIn(page, account.email);
      await expect(page.getByRole('heading', { name: account.name })).toBeVisible();
      await expect(page.getByText(account.email, { exact: true }).first()).toBeVisible();
    });
  }
});

test('the sign-in page carries the tagline and no sign-up or reset links', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Please Sign In to Experience the Future of Healthcare')).toBeVisible();
  await expect(page.getByRole('link', { name: /sign up|create account|forgot/i })).toHaveCount(0);
});

test('a wrong password shows an error and stays on sign-in', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 400/);
  await signIn(page, 'nurse@thrive.test', 'Not-the-password1!');
  await expect(page.getByRole('alert')).toContainText('Incorrect username or password.');
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown e-mail is told apart', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 400/);
  await signIn(page, 'nobody@thrive.test');
  await expect(page.getByRole('alert')).toContainText(
    'User not found. Please check your email address or contact support.',
  );
});

test('signing out returns to sign-in and the profile is gone', async ({ page }) => {
  await signIn(page, 'client2@thrive.test');
  await expect(page.getByRole('heading', { name: 'Daniel Okafor' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Daniel Okafor')).toHaveCount(0);
});
