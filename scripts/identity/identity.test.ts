/**
 * The local identity service, driven the way the app drives it: aws-amplify's
 * auth API with `userPoolEndpoint` pointing at the proxy. One service for the
 * file (start-up is about a second), in a temporary data directory on free ports.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, createLocalJWKSet, decodeJwt, importJWK, jwtVerify, type JWK } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CODE, DEMO_TOTP_SECRET, demoAccount, type DemoAccount } from '../demo/accounts.ts';
import { stableUuid } from '../demo/stable-id.ts';
import { stackConfig, type StackConfig } from '../stack/config.ts';
import { identityFiles, readMfaSetupUsernames, writeMfaSetupUsernames } from './files.ts';
import { isPublishedKey } from '../../server/auth/published-keys.ts';
import { LOCAL_ADMIN_KEY_ID } from '../../server/identity/identity-admin.ts';
import { ensureAdminSecret, ensureSigningKey, readAdminSecret } from './keys.ts';
import { startIdentityProxy } from './proxy.ts';
import { addIdentityUsers, seedIdentity } from './seed.ts';
import { startIdentity, type IdentityService } from './start.ts';

const NEW_PASSWORD = 'Renewed!2026x';
const require = createRequire(import.meta.url);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

function extraClient(n: number): DemoAccount {
  const email = `client${n}@generated.thrive.test`;
  return {
    ...demoAccount('client@thrive.test'),
    id: stableUuid(`thrive-test:${email}`),
    email,
    firstName: 'Generated',
    lastName: `Client ${n}`,
  };
}

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

/** A raw Cognito JSON call, for what Amplify does not expose (CORS, an expired session). */
async function cognitoCall(url: string, operation: string, body: object): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

let dataDir: string;
let config: StackConfig;
let service: IdentityService;

/** The identity admin API as the API calls it: SigV4 with the admin key id and `secret`. */
function adminClient(secret: string) {
  return new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: service.url,
    credentials: { accessKeyId: LOCAL_ADMIN_KEY_ID, secretAccessKey: secret },
    maxAttempts: 1,
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-identity-'));
  config = stackConfig({ DATA_DIR: dataDir, PORT: '14173', IDENTITY_PORT: String(await freePort()) });
  await seedIdentity(config, DEMO_ACCOUNTS);
  // Extra clients go in the way `npm run seed -- --clients N` adds them.
  await addIdentityUsers(config, [extraClient(1), extraClient(2)]);
  service = await startIdentity(config);

  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.clientId,
        userPoolEndpoint: service.url,
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
  await service?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
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
      iss: config.issuer,
      aud: config.clientId,
      sub: account.id,
      'cognito:username': account.id,
      token_use: 'id',
      email: account.email,
      email_verified: true,
    });
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: config.clientId,
      iss: config.issuer,
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
    const identityAdmin = adminClient(
      readAdminSecret(identityFiles(config.identityDir, config.userPoolId).adminSecretFile),
    );
    const admin = async (operation: 'AdminDisableUser' | 'AdminEnableUser') => {
      const command =
        operation === 'AdminDisableUser'
          ? new AdminDisableUserCommand({ UserPoolId: config.userPoolId, Username: account.id })
          : new AdminEnableUserCommand({ UserPoolId: config.userPoolId, Username: account.id });
      return { status: (await identityAdmin.send(command)).$metadata.httpStatusCode };
    };
    const signedIn = await cognitoCall(service.url, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.clientId,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    });
    const refreshToken = (signedIn.json as { AuthenticationResult: { RefreshToken: string } }).AuthenticationResult
      .RefreshToken;
    const refresh = () =>
      cognitoCall(service.url, 'GetTokensFromRefreshToken', { ClientId: config.clientId, RefreshToken: refreshToken });

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
    expect(
      await readMfaSetupUsernames(identityFiles(config.identityDir, config.userPoolId).mfaSetupFile),
    ).not.toContain(account.id);

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

describe('proxy', () => {
  const files = () => identityFiles(config.identityDir, config.userPoolId);
  const signIn = async (account: DemoAccount, password = account.password) =>
    (
      await cognitoCall(service.url, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.clientId,
        AuthParameters: { USERNAME: account.email, PASSWORD: password },
      })
    ).json as { AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string } };
  const refresh = (refreshToken: string, url = service.url) =>
    cognitoCall(url, 'GetTokensFromRefreshToken', { ClientId: config.clientId, RefreshToken: refreshToken });

  it('answers CORS for the app’s own origin only, never any origin', async () => {
    const preflight = (origin: string) =>
      fetch(service.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const app = await preflight(config.appUrl);
    expect(app.status).toBe(204);
    expect(app.headers.get('access-control-allow-origin')).toBe(config.appUrl);
    for (const header of ['x-amz-target', 'x-amz-user-agent', 'content-type', 'cache-control']) {
      expect(app.headers.get('access-control-allow-headers')).toContain(header);
    }
    for (const origin of ['https://evil.example', 'http://localhost:1', 'null']) {
      const other = await preflight(origin);
      expect(other.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const answer = await fetch(`${service.url}/health`, { headers: { origin: 'https://evil.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('signs tokens with this install’s key, kept owner-only, and serves only that key set', async () => {
    expect((await stat(files().signingKeyFile)).mode & 0o777).toBe(0o600);
    expect((await stat(files().adminSecretFile)).mode & 0o777).toBe(0o600);
    expect((await stat(config.identityDir)).mode & 0o777).toBe(0o700);
    const jwks = await fetch(config.jwksUrl);
    const keySet = (await jwks.json()) as { keys: JWK[] };
    expect(keySet.keys).toHaveLength(1);
    expect(keySet.keys[0]).not.toHaveProperty('d');
    expect(keySet.keys[0]!.kid).not.toBe('CognitoLocal');
    expect(await isPublishedKey(keySet.keys[0]!)).toBe(false);
    const discovery = await fetch(`${service.url}/${config.userPoolId}/.well-known/openid-configuration`);
    expect(await discovery.json()).toMatchObject({ issuer: config.issuer });

    const tokens = (await signIn(demoAccount('doctor@thrive.test'))).AuthenticationResult;
    const keys = createLocalJWKSet(keySet);
    const { payload } = await jwtVerify(tokens.AccessToken, keys, { issuer: config.issuer });
    expect(payload).toMatchObject({
      token_use: 'access',
      username: demoAccount('doctor@thrive.test').id,
      // For the screens after a reload (the app keeps no ID token at rest); the API never reads it.
      'custom:role': 'DOCTOR',
    });
    expect(payload.exp! - Math.floor(payload.iat!)).toBe(15 * 60);
    await expect(jwtVerify(tokens.IdToken, keys, { issuer: config.issuer })).resolves.toBeTruthy();
  });

  it('keeps the sign-in time (auth_time) across a refresh', async () => {
    const tokens = (await signIn(demoAccount('nutrition@thrive.test'))).AuthenticationResult;
    const first = decodeJwt(tokens.AccessToken);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await refresh(tokens.RefreshToken);
    expect(refreshed.status).toBe(200);
    const again = decodeJwt(
      (refreshed.json as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken,
    );
    expect(again.iat).toBeGreaterThan(first.iat!);
    expect(again.auth_time).toBe(first.auth_time);
  });

  it('refuses admin calls that are not signed with the install’s admin secret', async () => {
    const body = { UserPoolId: config.userPoolId, Username: 'doctor@thrive.test' };
    for (const operation of ['AdminGetUser', 'ListUsers', 'AdminSetUserPassword', 'AdminCreateUser']) {
      const unsigned = await cognitoCall(service.url, operation, { ...body, Password: 'Taken!2026x' });
      expect(unsigned, operation).toMatchObject({
        status: 403,
        json: { __type: 'MissingAuthenticationTokenException' },
      });
    }
    const forged = adminClient('not-the-secret');
    await expect(forged.send(new AdminGetUserCommand(body))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
    });
    const api = adminClient(readAdminSecret(files().adminSecretFile));
    expect((await api.send(new AdminGetUserCommand(body))).Username).toBe(demoAccount('doctor@thrive.test').id);
  });

  it('refuses a token signed with the emulator’s published key, and the emulator has no port to go round it', async () => {
    const account = demoAccount('client2@thrive.test');
    const emulatorKey = await importJWK(
      (require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK }).jwk,
      'RS256',
    );
    const forged = await new SignJWT({
      token_use: 'access',
      client_id: config.clientId,
      sub: account.id,
      username: account.id,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(config.issuer)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(emulatorKey);
    for (const operation of ['GetUser', 'ChangePassword', 'GlobalSignOut']) {
      const answer = await cognitoCall(service.url, operation, { AccessToken: forged });
      expect(answer, operation).toMatchObject({ status: 400, json: { __type: 'NotAuthorizedException' } });
    }
    expect(readFileSync(files().logFile, 'utf8')).toMatch(/running on .*emulator\.sock/);
  });

  it('lets a user change its own name but never its role, and nobody sign up', async () => {
    const { AccessToken } = (await signIn(demoAccount('client2@thrive.test'))).AuthenticationResult;
    const role = await cognitoCall(service.url, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'custom:role', Value: 'SUPER_ADMIN' }],
    });
    expect(role).toMatchObject({ status: 400, json: { __type: 'NotAuthorizedException' } });
    const deleted = await cognitoCall(service.url, 'DeleteUserAttributes', {
      AccessToken,
      UserAttributeNames: ['custom:role'],
    });
    expect(deleted.status).toBe(400);
    const name = await cognitoCall(service.url, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'given_name', Value: 'Daniel' }],
    });
    expect(name.status).toBe(200);
    const user = await cognitoCall(service.url, 'GetUser', { AccessToken });
    expect((user.json as { UserAttributes: { Name: string; Value: string }[] }).UserAttributes).toContainEqual({
      Name: 'custom:role',
      Value: 'CLIENT',
    });
    const signUp = await cognitoCall(service.url, 'SignUp', {
      ClientId: config.clientId,
      Username: 'me@example.com',
      Password: 'Mine!2026xx',
    });
    expect(signUp).toMatchObject({ status: 400, json: { __type: 'NotAuthorizedException' } });
  });

  it('signs a user out everywhere: its refresh and access tokens are refused from then on', async () => {
    const account = demoAccount('coach@thrive.test');
    const first = (await signIn(account)).AuthenticationResult;
    const second = (await signIn(account)).AuthenticationResult;
    expect((await cognitoCall(service.url, 'GlobalSignOut', { AccessToken: first.AccessToken })).status).toBe(200);
    for (const tokens of [first, second]) {
      expect(await refresh(tokens.RefreshToken)).toMatchObject({
        status: 400,
        json: { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' },
      });
      expect(await cognitoCall(service.url, 'GetUser', { AccessToken: tokens.AccessToken })).toMatchObject({
        status: 400,
        json: { message: 'Access Token has been revoked' },
      });
    }
    // A sign-in after it (in a later second: tokens count whole seconds) is a session of its own.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = (await signIn(account)).AuthenticationResult;
    expect((await refresh(later.RefreshToken)).status).toBe(200);
    expect(JSON.parse(readFileSync(files().signOutsFile, 'utf8'))).toHaveProperty(account.id);
  });

  it('locks an account for a while after five wrong passwords in a row, as Cognito does', async () => {
    const account = extraClient(1);
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(passwordSignIn(account.email, 'Wrong!2026x')).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
    }
    // Locked: even the right password is not looked at.
    await expect(passwordSignIn(account.email, account.password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await passwordSignIn(account.email, account.password)).nextStep.signInStep).toBe('DONE');
  });

  it('ends a staff session 12 hours after its sign-in, a client’s only after 30 days', async () => {
    const later = Date.now() + 13 * 60 * 60 * 1000;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'thrive-proxy-'));
    const proxy = await startIdentityProxy({
      port: 0,
      upstreamSocket: files().emulatorSocket,
      userPoolId: config.userPoolId,
      mfaSetupFile: files().mfaSetupFile,
      issuer: config.issuer,
      signingKey: await ensureSigningKey(files().signingKeyFile),
      adminSecret: readAdminSecret(files().adminSecretFile),
      signOutsFile: path.join(dir, 'sign-outs.json'),
      clock: () => later,
      onError: () => {},
    });
    try {
      const nurse = (await signIn(demoAccount('nurse@thrive.test'))).AuthenticationResult;
      const client = (await signIn(demoAccount('client2@thrive.test'))).AuthenticationResult;
      expect(await refresh(nurse.RefreshToken, proxy.url)).toMatchObject({
        status: 400,
        json: { message: 'Refresh Token has expired' },
      });
      expect((await refresh(client.RefreshToken, proxy.url)).status).toBe(200);
    } finally {
      await proxy.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('expires a pending authenticator set-up', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'thrive-proxy-'));
    const mfaSetupFile = path.join(dir, 'mfa-setup.json');
    const account = demoAccount('coach@thrive.test');
    await writeMfaSetupUsernames(mfaSetupFile, [account.id]);
    const files = identityFiles(config.identityDir, config.userPoolId);
    const proxy = await startIdentityProxy({
      port: 0,
      upstreamSocket: files.emulatorSocket,
      userPoolId: config.userPoolId,
      mfaSetupFile,
      issuer: config.issuer,
      signingKey: await ensureSigningKey(files.signingKeyFile),
      adminSecret: await ensureAdminSecret(files.adminSecretFile),
      signOutsFile: path.join(dir, 'sign-outs.json'),
      sessionTtlMs: 50,
      onError: () => {},
    });
    try {
      const started = await cognitoCall(proxy.url, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.clientId,
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      });
      expect(started.json).toMatchObject({ ChallengeName: 'MFA_SETUP' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const late = await cognitoCall(proxy.url, 'AssociateSoftwareToken', {
        Session: (started.json as { Session: string }).Session,
      });
      expect(late).toMatchObject({ status: 400, json: { __type: 'NotAuthorizedException' } });
    } finally {
      await proxy.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('seed', () => {
  it('leaves existing data alone on a second seed', async () => {
    const { poolFile } = identityFiles(config.identityDir, config.userPoolId);
    const before = await stat(poolFile);
    await seedIdentity(config, DEMO_ACCOUNTS);
    expect((await stat(poolFile)).mtimeMs).toBe(before.mtimeMs);
  });

  it('refuses to add users while the emulator runs', async () => {
    await expect(addIdentityUsers(config, [extraClient(3)])).rejects.toThrow(/running/);
  });

  it('seeds 10,000 extra clients quickly and adds each only once', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'thrive-seed-'));
    try {
      const bulk = stackConfig({ DATA_DIR: dir, PORT: '14173' });
      const extra = Array.from({ length: 10_000 }, (_, i) => extraClient(i + 10));
      const started = performance.now();
      await seedIdentity(bulk, [...DEMO_ACCOUNTS, ...extra.slice(0, 5_000)]);
      expect(await addIdentityUsers(bulk, extra)).toEqual({ added: 5_000, skipped: 5_000 });
      expect(performance.now() - started).toBeLessThan(3_000);
      const { poolFile } = identityFiles(bulk.identityDir, bulk.userPoolId);
      const pool = JSON.parse(await readFile(poolFile, 'utf8')) as { Users: Record<string, unknown> };
      expect(Object.keys(pool.Users)).toHaveLength(DEMO_ACCOUNTS.length + 10_000);
      expect(await addIdentityUsers(bulk, extra.slice(0, 10))).toEqual({ added: 0, skipped: 10 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
