/**
 * Every sign-in state of the demo accounts, through its real flow against the
 * local identity service. One-shot states (new password, set-up, reset,
 * unconfirmed) are each used by exactly one test; the stack is re-seeded for
 * every run. The one unverified account is put back as it was by the test
 * that verifies it, so the two tests that use it pass in either order.
 */
import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { URI } from 'otpauth';
import { identityFiles } from '../../scripts/identity/files.ts';
import { readAdminSecret } from '../../scripts/identity/keys.ts';
import { stackConfig } from '../../scripts/stack/config.ts';
import { LOCAL_ADMIN_KEY_ID } from '../../server/identity/identity-admin.ts';
import { E2E_ENV } from '../support/e2e-env.ts';
import type { Page } from '@playwright/test';
import { test, expect, expectSignedIn, signIn, signOutOnline, totpCode } from './fixtures.ts';

const CODE = '123456';
const NEW_PASSWORD = 'Fresh!2026x';

const MESSAGES = {
  network: 'Network error: Unable to connect to the authentication server. Please check your internet connection.',
  userNotFound: 'User not found. Please check your email address or contact support.',
  expired: 'Your sign-in took too long and has expired. Please sign in again.',
};

// The service worker is not what these tests are about, and requests it makes
// would slip past page.route.
test.use({ serviceWorkers: 'block' });

async function enterCode(page: Page, code: string, label: RegExp = /^Code/): Promise<void> {
  await page.getByLabel(label).fill(code);
}

/** Signs out and waits until it is done (the API has ended the sessions; the app is back on /login). */
async function signOut(page: Page): Promise<void> {
  await signOutOnline(page);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

test('new password required: the temporary password is replaced under the pool policy', async ({ page }) => {
  await signIn(page, 'newpass@thrive.test', 'Temp!2026');
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  const password = page.getByLabel(/^New password/);
  const confirm = page.getByLabel(/^Confirm new password/);
  await expect(password).toBeFocused();

  await password.fill('abcdef');
  await confirm.fill('abcdeg');
  await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
  await expect(page.getByText('Password must have upper case letters')).toBeVisible();
  await expect(page.getByText('Password must have numbers')).toBeVisible();
  await expect(page.getByText('Password must have special characters')).toBeVisible();
  await expect(page.getByText('Your passwords must match')).toBeVisible();

  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await expect(page.getByText(/^Password must have/)).toHaveCount(0);
  await expect(page.getByText('Your passwords must match')).toHaveCount(0);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expectSignedIn(page, 'Neha Pillai');
});

test('SMS code: the code sent to the phone signs in', async ({ page }) => {
  await signIn(page, 'sms@thrive.test');
  await expect(page.getByRole('heading', { name: 'Enter the code we sent you' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please enter the code')).toBeVisible();
  await enterCode(page, CODE);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectSignedIn(page, 'Samir Khan');
});

test('authenticator code: the enrolled app’s current code signs in', async ({ page }) => {
  await signIn(page, 'totp@thrive.test');
  await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  await enterCode(page, await totpCode('JBSWY3DPEHPK3PXP'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectSignedIn(page, 'Tara Joseph');
});

test('authenticator set-up: the secret from the page yields the first code', async ({ page }) => {
  await signIn(page, 'totpsetup@thrive.test');
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code to add Thrive to your authenticator app' })).toBeVisible();
  const uri = (await page.getByTestId('totp-uri').textContent())?.trim() ?? '';
  expect(uri).toMatch(/^otpauth:\/\/totp\/Thrive:totpsetup(@|%40)thrive\.test\?secret=[A-Z2-7]+/);
  const secret = URI.parse(uri).secret.base32;
  // The secret is also shown for typing by hand (grouped in fours).
  await expect(page.getByTestId('totp-secret')).toHaveText(secret.replace(/(.{4})(?=.)/g, '$1 '));
  await enterCode(page, await totpCode(secret), /^Code from your app/);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expectSignedIn(page, 'Tomas Fernandes');
});

test('password reset required: a code and a new password sign in', async ({ page, allowConsoleError }) => {
  // The identity service answers the first sign-in with a 400 (PasswordResetRequiredException): that is the step.
  allowConsoleError(/status of 400/);
  await signIn(page, 'reset@thrive.test');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code/)).toBeVisible();
  await enterCode(page, CODE);
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel(/^Confirm new password/).fill('short');
  await page.getByRole('button', { name: 'Reset password and sign in' }).click();
  await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password and sign in' }).click();
  await expectSignedIn(page, 'Rhea Das');
});

test('account not confirmed: a new code is sent, and the code confirms and signs in', async ({
  page,
  allowConsoleError,
}) => {
  // The identity service answers the first sign-in with a 400 (UserNotConfirmedException): that is the step.
  allowConsoleError(/status of 400/);
  await signIn(page, 'unconfirmed@thrive.test');
  await expect(page.getByRole('heading', { name: 'Confirm your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('button', { name: 'Code sent – send another' })).toBeVisible();
  await enterCode(page, CODE);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expectSignedIn(page, 'Uma Bose');
});

test.describe('contact verification (neither e-mail nor phone verified)', () => {
  const UNVERIFIED = 'unverified@thrive.test';

  async function toVerification(page: Page): Promise<void> {
    await signIn(page, UNVERIFIED);
    await expect(page.getByRole('heading', { name: 'Verify how we reach you' })).toBeVisible();
    await expect(page.getByRole('radio', { name: `Email: ${UNVERIFIED}` })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Phone: +15555550114' })).toBeVisible();
  }

  test('skipping signs in and leaves the contacts unverified', async ({ page }) => {
    await toVerification(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectSignedIn(page, 'Vikram Reddy');
    await signOut(page);
    await toVerification(page);
  });

  test('verifying the e-mail with its code signs in, and is not asked again', async ({ page }) => {
    try {
      await toVerification(page);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
      await enterCode(page, CODE);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectSignedIn(page, 'Vikram Reddy');
      await signOut(page);
      await signIn(page, UNVERIFIED);
      await expectSignedIn(page, 'Vikram Reddy');
    } finally {
      // Back to unverified, for the skip test whatever the order.
      // An admin call, signed with the stack's admin secret as the API signs its own.
      const stack = stackConfig(E2E_ENV);
      const identity = new CognitoIdentityProviderClient({
        region: stack.region,
        endpoint: stack.identityUrl,
        credentials: {
          accessKeyId: LOCAL_ADMIN_KEY_ID,
          secretAccessKey: readAdminSecret(identityFiles(stack.identityDir, stack.userPoolId).adminSecretFile),
        },
      });
      await identity.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: 'ap-south-1_ThriveLocal',
          Username: UNVERIFIED,
          UserAttributes: [
            { Name: 'email', Value: UNVERIFIED },
            { Name: 'email_verified', Value: 'false' },
          ],
        }),
      );
    }
  });
});

test('an unknown e-mail says the user was not found, in a dismissible alert', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 400/);
  await signIn(page, 'Nobody@Thrive.test ');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(MESSAGES.userNotFound);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows the identity service’s message and stays on sign-in', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 400/);
  await signIn(page, 'coach@thrive.test', 'Wrong!2026x');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('the identity service unreachable: the network message', async ({ page, allowConsoleError }) => {
  allowConsoleError(/ERR_FAILED|Failed to load resource/);
  await page.route('**/identity/**', (route) => route.abort('connectionrefused'));
  await page.route('**/identity', (route) => route.abort('connectionrefused'));
  await signIn(page, 'nurse@thrive.test');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.network, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/login/);
});

test('a pending sign-in expires 3 minutes after its last step', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'sms@thrive.test');
  await expect(page.getByRole('heading', { name: 'Enter the code we sent you' })).toBeVisible();
  await page.clock.fastForward('03:01');
  await enterCode(page, CODE);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.expired })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveValue('');
  await expect(page).toHaveURL(/\/login/);
});
