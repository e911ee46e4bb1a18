/**
 * What the identity proxy adds to the emulator: CORS, this install's keys,
 * the admin gate, what a user may change of itself, global sign-out, sign-in
 * throttling and the ends of sessions; and the seed it runs on. Time is moved
 * on a second proxy's clock, never waited for.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, createLocalJWKSet, decodeJwt, importJWK, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, demoAccount, type DemoAccount } from '../demo/accounts.ts';
import { stackConfig } from '../stack/config.ts';
import { isPublishedKey } from '../../server/auth/published-keys.ts';
import { identityFiles } from './files.ts';
import { addIdentityUsers, seedIdentity } from './seed.ts';
import {
  cognitoCall,
  extraClient,
  seedRefreshToken,
  startTestIdentity,
  type SignInAnswer,
  type TestIdentity,
} from './test-support.ts';

const require = createRequire(import.meta.url);
const SIGNED_OUT = demoAccount('coach@thrive.test');

let identity: TestIdentity;
/** The two sessions SIGNED_OUT began a minute before the tests (refresh tokens). */
let earlierSessions: string[];

beforeAll(async () => {
  identity = await startTestIdentity({
    extra: [extraClient(1)],
    beforeStart: async (config) => {
      const aMinuteAgo = Math.floor(Date.now() / 1000) - 60;
      earlierSessions = [
        await seedRefreshToken(config, SIGNED_OUT, aMinuteAgo),
        await seedRefreshToken(config, SIGNED_OUT, aMinuteAgo),
      ];
    },
  });
}, 30_000);

afterAll(async () => {
  await identity?.stop();
});

async function tokensOf(account: DemoAccount, url?: string) {
  const answer = await identity.signIn(account.email, account.password, url);
  expect(answer.status, account.email).toBe(200);
  return (answer.json as Required<SignInAnswer>).AuthenticationResult;
}

function accessTokenOf(answer: { json: unknown }): string {
  return (answer.json as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
}

describe('proxy: keys and calls', () => {
  it('answers CORS for the app’s own origin only, never any origin', async () => {
    const preflight = (origin: string) =>
      fetch(identity.service.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const app = await preflight(identity.config.appUrl);
    expect(app.status).toBe(204);
    expect(app.headers.get('access-control-allow-origin')).toBe(identity.config.appUrl);
    for (const header of ['x-amz-target', 'x-amz-user-agent', 'content-type', 'cache-control']) {
      expect(app.headers.get('access-control-allow-headers')).toContain(header);
    }
    for (const origin of ['https://evil.example', 'http://localhost:1', 'null']) {
      const other = await preflight(origin);
      expect(other.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const answer = await fetch(`${identity.service.url}/health`, { headers: { origin: 'https://evil.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('signs tokens with this install’s key, kept owner-only, and serves only that key set', async () => {
    const { config, files } = identity;
    expect((await stat(files.signingKeyFile)).mode & 0o777).toBe(0o600);
    expect((await stat(files.adminSecretFile)).mode & 0o777).toBe(0o600);
    expect((await stat(config.identityDir)).mode & 0o777).toBe(0o700);
    const jwks = await fetch(config.jwksUrl);
    const keySet = (await jwks.json()) as { keys: JWK[] };
    expect(keySet.keys).toHaveLength(1);
    expect(keySet.keys[0]).not.toHaveProperty('d');
    expect(keySet.keys[0]!.kid).not.toBe('CognitoLocal');
    expect(await isPublishedKey(keySet.keys[0]!)).toBe(false);
    const discovery = await fetch(`${identity.service.url}/${config.userPoolId}/.well-known/openid-configuration`);
    expect(await discovery.json()).toMatchObject({ issuer: config.issuer });

    const tokens = await tokensOf(demoAccount('doctor@thrive.test'));
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
    let now = Date.now();
    const url = await identity.proxyWithClock(() => now);
    const tokens = await tokensOf(demoAccount('nutrition@thrive.test'), url);
    const first = decodeJwt(tokens.AccessToken);
    now += 60_000;
    const refreshed = await identity.refresh(tokens.RefreshToken, url);
    expect(refreshed.status).toBe(200);
    const again = decodeJwt(accessTokenOf(refreshed));
    expect(again.iat).toBeCloseTo(first.iat! + 60, 3);
    expect(again.auth_time).toBe(first.auth_time);
  });

  it('refuses admin calls that are not signed with the install’s admin secret', async () => {
    const body = { UserPoolId: identity.config.userPoolId, Username: 'doctor@thrive.test' };
    for (const operation of ['AdminGetUser', 'ListUsers', 'AdminSetUserPassword', 'AdminCreateUser']) {
      const unsigned = await cognitoCall(identity.service.url, operation, { ...body, Password: 'Taken!2026x' });
      expect(unsigned, operation).toMatchObject({
        status: 403,
        json: { __type: 'MissingAuthenticationTokenException' },
      });
    }
    const forged = identity.adminClient('not-the-secret');
    await expect(forged.send(new AdminGetUserCommand(body))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
    });
    const api = identity.adminClient();
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
      client_id: identity.config.clientId,
      sub: account.id,
      username: account.id,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(identity.config.issuer)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(emulatorKey);
    for (const operation of ['GetUser', 'ChangePassword', 'GlobalSignOut']) {
      const answer = await cognitoCall(identity.service.url, operation, { AccessToken: forged });
      expect(answer, operation).toMatchObject({ status: 400, json: { __type: 'NotAuthorizedException' } });
    }
    expect(readFileSync(identity.files.logFile, 'utf8')).toMatch(/running on .*emulator\.sock/);
  });

  it('lets a user change its own name but never its role, and nobody sign up', async () => {
    const url = identity.service.url;
    const { AccessToken } = await tokensOf(demoAccount('client2@thrive.test'));
    const role = await cognitoCall(url, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'custom:role', Value: 'SUPER_ADMIN' }],
    });
    expect(role).toMatchObject({ status: 400, json: { __type: 'NotAuthorizedException' } });
    const deleted = await cognitoCall(url, 'DeleteUserAttributes', {
      AccessToken,
      UserAttributeNames: ['custom:role'],
    });
    expect(deleted.status).toBe(400);
    const name = await cognitoCall(url, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'given_name', Value: 'Daniel' }],
    });
    expect(name.status).toBe(200);
    const user = await cognitoCall(url, 'GetUser', { AccessToken });
    expect((user.json as { UserAttributes: { Name: string; Value: string }[] }).UserAttributes).toContainEqual({
      Name: 'custom:role',
      Value: 'CLIENT',
    });
    const signUp = await cognitoCall(url, 'SignUp', {
      ClientId: identity.config.clientId,
      Username: 'me@example.com',
      Password: 'Mine!2026xx',
    });
    expect(signUp).toMatchObject({ status: 400, json: { __type: 'NotAuthorizedException' } });
  });
});

describe('proxy: sessions', () => {
  it('signs a user out everywhere: its refresh and access tokens are refused from then on', async () => {
    // The proxy's clock a little behind the emulator's, whose refresh tokens count whole seconds: a sign-in
    // after the sign-out is then in a later second without waiting for one.
    let now = Date.now() - 5_000;
    const url = await identity.proxyWithClock(() => now);
    const earlier = [];
    for (const refreshToken of earlierSessions) {
      earlier.push({ refreshToken, accessToken: accessTokenOf(await identity.refresh(refreshToken, url)) });
    }
    now += 1_000;
    expect((await cognitoCall(url, 'GlobalSignOut', { AccessToken: earlier[0]!.accessToken })).status).toBe(200);
    for (const { refreshToken, accessToken } of earlier) {
      expect(await identity.refresh(refreshToken, url)).toMatchObject({
        status: 400,
        json: { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' },
      });
      expect(await cognitoCall(url, 'GetUser', { AccessToken: accessToken })).toMatchObject({
        status: 400,
        json: { message: 'Access Token has been revoked' },
      });
    }
    now += 1_000;
    const later = await tokensOf(SIGNED_OUT, url);
    expect((await identity.refresh(later.RefreshToken, url)).status).toBe(200);
    expect((await cognitoCall(url, 'GetUser', { AccessToken: later.AccessToken })).status).toBe(200);
  });

  it('keeps global sign-outs across restarts', async () => {
    const account = demoAccount('reception@thrive.test');
    const { AccessToken } = await tokensOf(account);
    expect((await cognitoCall(identity.service.url, 'GlobalSignOut', { AccessToken })).status).toBe(200);
    expect(JSON.parse(readFileSync(identity.files.signOutsFile, 'utf8'))).toHaveProperty(account.id);
    // A proxy started afresh on the same files.
    const restarted = await identity.proxyWithClock(Date.now, { signOutsFile: identity.files.signOutsFile });
    expect(await cognitoCall(restarted, 'GetUser', { AccessToken })).toMatchObject({
      status: 400,
      json: { message: 'Access Token has been revoked' },
    });
  });

  it('locks an account for a while after five wrong passwords in a row, as Cognito does', async () => {
    let now = Date.now();
    const url = await identity.proxyWithClock(() => now);
    const account = extraClient(1);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await identity.signIn(account.email, 'Wrong!2026x', url)).toMatchObject({
        status: 400,
        json: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      });
    }
    // Locked: even the right password is not looked at.
    expect(await identity.signIn(account.email, account.password, url)).toMatchObject({
      status: 400,
      json: { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' },
    });
    now += 999;
    expect((await identity.signIn(account.email, account.password, url)).status).toBe(400);
    now += 1;
    expect((await identity.signIn(account.email, account.password, url)).status).toBe(200);
  });

  it('ends a staff session 12 hours after its sign-in, a client’s only after 30 days', async () => {
    const url = await identity.proxyWithClock(() => Date.now() + 13 * 60 * 60 * 1000);
    const nurse = await tokensOf(demoAccount('nurse@thrive.test'));
    const client = await tokensOf(demoAccount('client2@thrive.test'));
    expect(await identity.refresh(nurse.RefreshToken, url)).toMatchObject({
      status: 400,
      json: { message: 'Refresh Token has expired' },
    });
    expect((await identity.refresh(client.RefreshToken, url)).status).toBe(200);
  });
});

describe('seed', () => {
  it('leaves existing data alone on a second seed', async () => {
    const before = await stat(identity.files.poolFile);
    await seedIdentity(identity.config, DEMO_ACCOUNTS);
    expect((await stat(identity.files.poolFile)).mtimeMs).toBe(before.mtimeMs);
  });

  it('refuses to add users while the emulator runs', async () => {
    await expect(addIdentityUsers(identity.config, [extraClient(3)])).rejects.toThrow(/running/);
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
