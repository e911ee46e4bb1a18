/**
 * What the identity service's tests share: a service of their own (seeded, in a
 * temporary data directory, on a free port), raw Cognito calls, and a second
 * proxy on the same emulator whose clock the test moves, so nothing waits for
 * time to pass.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { Secret, TOTP } from 'otpauth';
import { DEMO_ACCOUNTS, demoAccount, type DemoAccount } from '../demo/accounts.ts';
import { stableUuid } from '../demo/stable-id.ts';
import { stackConfig, type StackConfig } from '../stack/config.ts';
import { LOCAL_ADMIN_KEY_ID } from '../../server/identity/identity-admin.ts';
import { identityFiles, writeFileAtomic, type IdentityFiles } from './files.ts';
import { ensureSigningKey, readAdminSecret } from './keys.ts';
import { startIdentityProxy, type IdentityProxyOptions } from './proxy.ts';
import { addIdentityUsers, seedIdentity, type EmulatorUser } from './seed.ts';
import { startIdentity, type IdentityService } from './start.ts';

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

export function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** A client added the way `npm run seed -- --clients N` adds them. */
export function extraClient(n: number): DemoAccount {
  const email = `client${n}@generated.thrive.test`;
  return {
    ...demoAccount('client@thrive.test'),
    id: stableUuid(`thrive-test:${email}`),
    email,
    firstName: 'Generated',
    lastName: `Client ${n}`,
  };
}

export interface CognitoAnswer {
  status: number;
  json: unknown;
}

/** A raw Cognito JSON call, without credentials (as a browser makes it). */
export async function cognitoCall(url: string, operation: string, body: object): Promise<CognitoAnswer> {
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

export interface SignInAnswer {
  ChallengeName?: string;
  Session?: string;
  AuthenticationResult?: { AccessToken: string; IdToken: string; RefreshToken: string };
}

export interface TestIdentity {
  config: StackConfig;
  service: IdentityService;
  files: IdentityFiles;
  /** InitiateAuth with USER_PASSWORD_AUTH, as the app signs in. */
  signIn(username: string, password: string, url?: string): Promise<CognitoAnswer>;
  /** GetTokensFromRefreshToken, as Amplify refreshes. */
  refresh(refreshToken: string, url?: string): Promise<CognitoAnswer>;
  /** The identity admin API as the API calls it: SigV4 with the admin key id and `secret`. */
  adminClient(secret?: string): CognitoIdentityProviderClient;
  /**
   * A second proxy on the same emulator, with the install's keys, its own
   * sign-outs and the given clock. Closed with the service.
   */
  proxyWithClock(clock: () => number, options?: Partial<IdentityProxyOptions>): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A seeded identity service with the demo accounts (and `extra` added after
 * the seed). `beforeStart` may change the emulator's files while it is stopped.
 */
export async function startTestIdentity(
  options: { extra?: DemoAccount[]; beforeStart?: (config: StackConfig) => Promise<void> } = {},
): Promise<TestIdentity> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-identity-'));
  const config = stackConfig({ DATA_DIR: dataDir, PORT: '14173', IDENTITY_PORT: String(await freePort()) });
  await seedIdentity(config, DEMO_ACCOUNTS);
  if (options.extra) await addIdentityUsers(config, options.extra);
  await options.beforeStart?.(config);
  const service = await startIdentity(config);
  const files = identityFiles(config.identityDir, config.userPoolId);
  const closers: (() => Promise<void>)[] = [];

  return {
    config,
    service,
    files,
    signIn: (username, password, url = service.url) =>
      cognitoCall(url, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    refresh: (refreshToken, url = service.url) =>
      cognitoCall(url, 'GetTokensFromRefreshToken', { ClientId: config.clientId, RefreshToken: refreshToken }),
    adminClient: (secret = readAdminSecret(files.adminSecretFile)) =>
      new CognitoIdentityProviderClient({
        region: config.region,
        endpoint: service.url,
        credentials: { accessKeyId: LOCAL_ADMIN_KEY_ID, secretAccessKey: secret },
        maxAttempts: 1,
      }),
    async proxyWithClock(clock, overrides = {}) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'thrive-proxy-'));
      const proxy = await startIdentityProxy({
        port: 0,
        upstreamSocket: files.emulatorSocket,
        userPoolId: config.userPoolId,
        mfaSetupFile: files.mfaSetupFile,
        issuer: config.issuer,
        signingKey: await ensureSigningKey(files.signingKeyFile),
        adminSecret: readAdminSecret(files.adminSecretFile),
        signOutsFile: path.join(dir, 'sign-outs.json'),
        onError: () => {},
        ...overrides,
        clock,
      });
      closers.push(async () => {
        await proxy.close();
        await rm(dir, { recursive: true, force: true });
      });
      return proxy.url;
    },
    async stop() {
      for (const close of closers) await close();
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Changes `account`'s record in the emulator's store. For a stopped emulator only (beforeStart). */
export async function editPoolUser(
  config: StackConfig,
  account: DemoAccount,
  edit: (user: EmulatorUser) => void,
): Promise<void> {
  const { poolFile } = identityFiles(config.identityDir, config.userPoolId);
  const pool = JSON.parse(await readFile(poolFile, 'utf8')) as { Users: Record<string, EmulatorUser> };
  const user = pool.Users[account.id];
  if (!user) throw new Error(`${account.email} is not in the pool`);
  edit(user);
  await writeFileAtomic(poolFile, JSON.stringify(pool, null, 2));
}

/**
 * Gives `account` a session that began at `issuedAt` (seconds): a refresh
 * token in the emulator's store, which knows one by its exact text.
 */
export async function seedRefreshToken(config: StackConfig, account: DemoAccount, issuedAt: number): Promise<string> {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  let token = '';
  await editPoolUser(config, account, (user) => {
    const claims = {
      'cognito:username': account.id,
      email: account.email,
      jti: stableUuid(`refresh:${account.id}:${user.RefreshTokens.length}`),
      token_use: 'refresh',
      iat: issuedAt,
      exp: issuedAt + 30 * 24 * 60 * 60,
    };
    token = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.${part({ seeded: true })}`;
    user.RefreshTokens.push(token);
  });
  return token;
}
