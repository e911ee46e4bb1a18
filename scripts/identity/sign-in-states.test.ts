/**
 * The sign-in states of the demo accounts, driven the way the app drives the
 * local identity service: aws-amplify's auth API with `userPoolEndpoint`
 * pointing at the proxy. One service for the file, in a temporary data directory.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { AdminDisableUserCommand, AdminEnableUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CODE, DEMO_TOTP_SECRET, demoAccount } from '../demo/accounts.ts';
import { readMfaSetupUsernames } from './files.ts';
import { extraClient, startTestIdentity, totpCode, type TestIdentity } from './test-support.ts';

const NEW_PASSWORD = 'Renewed!2026x';

/** Amplify keeps tokens here instead of localStorage, which Node lacks. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    setItem: (key: string, value: string) => Promise.resolve(void items.set(key, value)),
    getItem: (key: string) => Promise.resolve(items.get(key) ?? null),
    removeItem: (key: string) => Promise.resolve(void items.delete(key)),
    clear: () => Promise.resolve(items.clear()),
  };
}

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startTestIdentity({ extra: [extraClient(2)] });
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.config.userPoolId,
        userPoolClientId: identity.config.clientId,
        userPoolEndpoint: identity.service.url,
        loginWith: { email: true },
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(memoryStorage());
}, 30_000);

afterEach(async () => {
  await signOut();
});

afterAll(async () => {
  await identity?.stop();
});

function passwordSignIn(email: string, password: string) {
  return signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
}

describe('sign-in states', () => {
  it('signs a ready account in with its role and the pinned issuer in the tokens', async () => {
    const account = demoAccount('client@thrive.test');
    const result = await passwordSignIn(account.email, account.password);
    expect(result.nextStep.signInStep).toBe('DONE');

    const { tokens } = await fetchAuthSession();
    const id = tokens?.idToken?.payload;
    const access = tokens?.accessToken.payload;
    expect(id).toMatchObject({
      'custom:role': 'CLIENT',
      iss: identity.config.issuer,
      aud: identity.config.clientId,
      sub: account.id,
      'cognito:username': account.id,
      token_use: 'id',
      email: account.email,
      email_verified: true,
    });
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: identity.config.clientId,
      iss: identity.config.issuer,
      sub: account.id,
      username: account.id,
    });
  });

  it('gives an account without a role no role claim', async () => {
    const account = demoAccount('norole@thrive.test');
    expect((await passwordSignIn(account.email, account.password)).nextStep.signInStep).toBe('DONE');
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload).not.toHaveProperty('custom:role');
  });

  it('signs in clients added to an existing pool', async () => {
    const account = extraClient(2);
    expect((await passwordSignIn(account.email, account.password)).nextStep.signInStep).toBe('DONE');
    expect((await fetchAuthSession()).tokens?.accessToken.payload.username).toBe(account.id);
  });

  it('answers a wrong password with NotAuthorizedException and an unknown user with UserNotFoundException', async () => {
    await expect(passwordSignIn('client@thrive.test', 'Wrong!2026')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(passwordSignIn('nobody@thrive.test', 'Thrive!2026')).rejects.toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
  });

  it('refreshes the session through GetTokensFromRefreshToken', async () => {
    const account = demoAccount('nurse@thrive.test');
    await passwordSignIn(account.email, account.password);
    const before = (await fetchAuthSession()).tokens;
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens;
    expect(after?.accessToken.toString()).toBeTruthy();
    expect(after?.accessToken.payload.jti).not.toBe(before?.accessToken.payload.jti);
    expect(after?.idToken?.payload['custom:role']).toBe('NURSE');
  });

  it('refuses a disabled account at sign-in and at refresh, as Cognito does, until it is enabled', async () => {
    const account = demoAccount('coach@thrive.test');
    const identityAdmin = identity.adminClient();
    const admin = async (operation: 'AdminDisableUser' | 'AdminEnableUser') => {
      const command =
        operation === 'AdminDisableUser'
          ? new AdminDisableUserCommand({ UserPoolId: identity.config.userPoolId, Username: account.id })
          : new AdminEnableUserCommand({ UserPoolId: identity.config.userPoolId, Username: account.id });
      return { status: (await identityAdmin.send(command)).$metadata.httpStatusCode };
    };
    const signedIn = await identity.signIn(account.email, account.password);
    const refreshToken = (signedIn.json as { AuthenticationResult: { RefreshToken: string } }).AuthenticationResult
      .RefreshToken;
    const refresh = () => identity.refresh(refreshToken);

    expect((await admin('AdminDisableUser')).status).toBe(200);
    try {
      await expect(passwordSignIn(account.email, account.password)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'User is disabled.',
      });
      expect(await refresh()).toEqual({
        status: 400,
        json: { __type: 'NotAuthorizedException', message: 'User is disabled.' },
      });
    } finally {
      expect((await admin('AdminEnableUser')).status).toBe(200);
    }
    expect((await refresh()).status).toBe(200);
    expect((await passwordSignIn(account.email, account.password)).nextStep.signInStep).toBe('DONE');
  });
});

describe('sign-in steps', () => {
  it('asks for a new password, then signs in', async () => {
    const account = demoAccount('newpass@thrive.test');
    const first = await passwordSignIn(account.email, account.password);
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    const done = await confirmSignIn({ challengeResponse: NEW_PASSWORD });
    expect(done.nextStep.signInStep).toBe('DONE');
  });

  it('asks an enrolled account for its authenticator code', async () => {
    const account = demoAccount('totp@thrive.test');
    const first = await passwordSignIn(account.email, account.password);
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    await expect(confirmSignIn({ challengeResponse: '000000' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const done = await confirmSignIn({ challengeResponse: totpCode(DEMO_TOTP_SECRET) });
    expect(done.nextStep.signInStep).toBe('DONE');
  });

  it('makes a marked account set up an authenticator app, then asks it for codes', async () => {
    const account = demoAccount('totpsetup@thrive.test');
    const first = await passwordSignIn(account.email, account.password);
    expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    if (first.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') return;
    const secret = first.nextStep.totpSetupDetails.sharedSecret;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    // A mistyped code keeps the pending sign-in usable.
    await expect(confirmSignIn({ challengeResponse: '000000' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const done = await confirmSignIn({ challengeResponse: totpCode(secret) });
    expect(done.nextStep.signInStep).toBe('DONE');
    const { tokens } = await fetchAuthSession();
    expect(tokens?.accessToken.payload.username).toBe(account.id);
    expect(await readMfaSetupUsernames(identity.files.mfaSetupFile)).not.toContain(account.id);

    await signOut();
    const again = await passwordSignIn(account.email, account.password);
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: totpCode(secret) })).nextStep.signInStep).toBe('DONE');
  });

  it('sends an SMS code to an SMS account', async () => {
    const account = demoAccount('sms@thrive.test');
    const first = await passwordSignIn(account.email, account.password);
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    const done = await confirmSignIn({ challengeResponse: DEMO_CODE });
    expect(done.nextStep.signInStep).toBe('DONE');
  });

  it('sends a reset-required account to RESET_PASSWORD, and the reset works', async () => {
    const account = demoAccount('reset@thrive.test');
    expect((await passwordSignIn(account.email, account.password)).nextStep.signInStep).toBe('RESET_PASSWORD');
    const reset = await resetPassword({ username: account.email });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    await confirmResetPassword({ username: account.email, confirmationCode: DEMO_CODE, newPassword: NEW_PASSWORD });
    expect((await passwordSignIn(account.email, NEW_PASSWORD)).nextStep.signInStep).toBe('DONE');
  });

  it('sends an unconfirmed account to CONFIRM_SIGN_UP; resend and confirmation work', async () => {
    const account = demoAccount('unconfirmed@thrive.test');
    expect((await passwordSignIn(account.email, account.password)).nextStep.signInStep).toBe('CONFIRM_SIGN_UP');
    const resent = await resendSignUpCode({ username: account.email });
    expect(resent).toMatchObject({ deliveryMedium: 'EMAIL', attributeName: 'email' });
    const confirmed = await confirmSignUp({ username: account.email, confirmationCode: DEMO_CODE });
    expect(confirmed.isSignUpComplete).toBe(true);
    expect((await passwordSignIn(account.email, account.password)).nextStep.signInStep).toBe('DONE');
    // The code went to the e-mail, so Cognito counts it as verified.
    expect((await fetchAuthSession()).tokens?.idToken?.payload.email_verified).toBe(true);
  });

  it('refuses to resend a code to a confirmed account', async () => {
    await expect(resendSignUpCode({ username: 'client@thrive.test' })).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'User is already confirmed.',
    });
  });

  it('lets an account without a verified contact verify its e-mail', async () => {
    const account = demoAccount('unverified@thrive.test');
    expect((await passwordSignIn(account.email, account.password)).nextStep.signInStep).toBe('DONE');
    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({ email_verified: 'false', phone_number_verified: 'false' });
    const sent = await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
    expect(sent.deliveryMedium).toBe('EMAIL');
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: DEMO_CODE });
    expect((await fetchUserAttributes()).email_verified).toBe('true');
  });
});
