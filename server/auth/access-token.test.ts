/**
 * Checking an access token against the identity service's key set: a fetch of the keys cut off by this
 * process's own stall is tried again, so a busy moment never answers a valid token with 503.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenVerifier } from './access-token.ts';

const ISSUER = 'http://127.0.0.1/ap-south-1_Test';
const CLIENT_ID = 'test-web-client';
// Long enough for a fetch on a busy machine; a stall is half as long again.
const KEY_SET_TIMEOUT_MS = 1_000;

let server: http.Server;
let jwksUrl: string;
let keySet: string;
let privateKey: CryptoKey;
/** Key set requests whose answer this process is too busy to read before the fetch's timer fires. */
let stalls = 0;
/** Key set requests never answered (an identity service that does not answer). */
let unanswered = 0;

/** Keeps the process busy as a start's synchronous work does: no timer, no socket is looked at meanwhile. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Nothing: the point is to hold the event loop.
  }
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  keySet = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'own', alg: 'RS256' }] });
  server = http.createServer((_req, res) => {
    if (unanswered > 0) {
      unanswered -= 1;
      return;
    }
    if (stalls > 0) {
      stalls -= 1;
      busyFor(KEY_SET_TIMEOUT_MS * 1.5);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(keySet);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function verifier() {
  return createAccessTokenVerifier(
    {
      issuer: ISSUER,
      jwksUrl,
      clientId: CLIENT_ID,
      userPoolId: 'ap-south-1_Test',
      region: 'ap-south-1',
      endpoint: undefined,
      localAdminSecret: undefined,
    },
    { keySetTimeoutMs: KEY_SET_TIMEOUT_MS },
  );
}

const token = () =>
  new SignJWT({ token_use: 'access', client_id: CLIENT_ID, username: 'someone' })
    .setProtectedHeader({ alg: 'RS256', kid: 'own' })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);

describe('the access token check', () => {
  it('fetches the key set again when this process stalled past its timer, and accepts the token', async () => {
    stalls = 1;
    await expect(verifier()(await token())).resolves.toMatchObject({ username: 'someone' });
    expect(stalls).toBe(0);
  });

  it('gives up when the identity service does not answer twice running', async () => {
    unanswered = 2;
    await expect(verifier()(await token())).rejects.toMatchObject({ code: 'ERR_JWKS_TIMEOUT' });
    expect(unanswered).toBe(0);
  });
});
