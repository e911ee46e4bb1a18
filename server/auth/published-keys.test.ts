/**
 * The emulator's published key verifies nothing: it is on the list of
 * published keys, a token it signs is refused even when the key set being
 * used holds it, and the API does not start against such a key set.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenRejectedError, createAccessTokenVerifier } from './access-token.ts';
import { PublishedKeyError, isPublishedKey, refusePublishedKeys } from './published-keys.ts';

const require = createRequire(import.meta.url);
const emulatorPrivate = (require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK }).jwk;
const emulatorPublic = {
  keys: [(require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JWK }).jwk],
};

const ISSUER = 'http://localhost:9229/ap-south-1_ThriveLocal';
const CLIENT_ID = 'thrive-local-web-client';

/** Serves one key set at /jwks.json. */
let keySet: { keys: JWK[] } = emulatorPublic;
let server: http.Server;
let jwksUrl: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(keySet));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('published keys', () => {
  it('lists the key shipped in the cognito-local package, and no fresh key', async () => {
    expect(emulatorPublic.keys).toHaveLength(1);
    expect(await isPublishedKey(emulatorPublic.keys[0]!)).toBe(true);
    expect(await isPublishedKey(emulatorPrivate)).toBe(true);
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    expect(await isPublishedKey(await exportJWK(publicKey))).toBe(false);
  });

  it('refuses a token signed with it even when the key set holds it', async () => {
    keySet = emulatorPublic;
    const token = await new SignJWT({ token_use: 'access', client_id: CLIENT_ID, username: 'someone' })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(await importJWK(emulatorPrivate, 'RS256'));
    const verify = createAccessTokenVerifier({
      issuer: ISSUER,
      jwksUrl,
      clientId: CLIENT_ID,
      userPoolId: 'ap-south-1_ThriveLocal',
      region: 'ap-south-1',
      endpoint: undefined,
      localAdminSecret: undefined,
    });
    await expect(verify(token)).rejects.toBeInstanceOf(TokenRejectedError);
  });

  it('stops the API from starting against a key set that holds it', async () => {
    keySet = emulatorPublic;
    await expect(refusePublishedKeys(jwksUrl)).rejects.toBeInstanceOf(PublishedKeyError);
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    keySet = { keys: [{ ...(await exportJWK(publicKey)), kid: 'own', alg: 'RS256' }] };
    await expect(refusePublishedKeys(jwksUrl)).resolves.toBeUndefined();
    keySet = emulatorPublic;

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'thrive-published-key-'));
    try {
      const root = path.resolve(import.meta.dirname, '../..');
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
        cwd: root,
        env: {
          ...process.env,
          API_PORT: '1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          COGNITO_ISSUER: ISSUER,
          COGNITO_JWKS_URL: jwksUrl,
          COGNITO_CLIENT_ID: CLIENT_ID,
          COGNITO_USER_POOL_ID: 'ap-south-1_ThriveLocal',
          REPORT_FILES_KEY: Buffer.alloc(32).toString('base64'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(2);
      expect(output).toContain('signs with a key published in the cognito-local npm package');
      expect(output).not.toContain('Thrive API on');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
