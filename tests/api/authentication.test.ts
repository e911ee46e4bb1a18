/**
 * Who the caller is: only an unexpired access token, signed by the identity
 * service's key, with our issuer and app client, gets through; the caller's
 * role comes from the API's database whatever the token says.
 *
 * The local identity service signs with a key of its own install; the tests
 * read it to mint tokens it would never issue (expired, for another issuer,
 * with a forged role). The emulator's own key is published inside the
 * cognito-local package: a token it signs is refused, whatever it claims.
 */
import { createRequire } from 'node:module';
import { generateKeyPair, importJWK, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  accessClaims,
  accessToken,
  api,
  idOf,
  initiateAuth,
  mintToken as mint,
  stack,
  type Problem,
} from '../support/api-client.ts';
import { DEMO_PASSWORD } from '../../scripts/demo/accounts.ts';

const require = createRequire(import.meta.url);
const emulatorKey = (require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK }).jwk;

async function expectUnauthorized(headers: Record<string, string>) {
  const answer = await api<Problem>('GET', `/users/users/${idOf('client')}`, { headers });
  expect(answer.status).toBe(401);
  expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).toMatchObject({ status: 401, title: 'Unauthorized' });
  return answer.body;
}

describe('authentication', () => {
  it('accepts a real access token from the identity service', async () => {
    const answer = await api('GET', `/users/users/${idOf('client')}`, { as: 'client' });
    expect(answer.status).toBe(200);
  });

  it('accepts a well-formed token signed with the identity key (the control for the cases below)', async () => {
    const token = await mint(accessClaims(idOf('client')));
    expect((await api('GET', `/users/users/${idOf('client')}`, { token })).status).toBe(200);
  });

  it('refuses a token signed with the emulator’s published key, with the right issuer and key id', async () => {
    const key = (await importJWK(emulatorKey, 'RS256')) as CryptoKey;
    for (const kid of ['CognitoLocal', undefined]) {
      const token = await mint(accessClaims(idOf('super')), { key, ...(kid ? { kid } : {}) });
      await expectUnauthorized({ authorization: `Bearer ${token}` });
    }
  });

  it('refuses a request without a token', async () => {
    await expectUnauthorized({});
  });

  it('refuses a token without the Bearer scheme, or garbage', async () => {
    const token = await accessToken('client');
    await expectUnauthorized({ authorization: token });
    await expectUnauthorized({ authorization: `Basic ${token}` });
    await expectUnauthorized({ authorization: 'Bearer not-a-jwt' });
    await expectUnauthorized({ authorization: 'Bearer ' });
  });

  it('refuses an expired token', async () => {
    const expired = await mint(accessClaims(idOf('client')), { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const problem = await expectUnauthorized({ authorization: `Bearer ${expired}` });
    expect(problem.detail).toMatch(/expired/);
  });

  it('refuses a token signed with a key the identity service does not have (forged)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expectUnauthorized({
      authorization: `Bearer ${await mint(accessClaims(idOf('super')), { key: privateKey })}`,
    });
    await expectUnauthorized({
      authorization: `Bearer ${await mint(accessClaims(idOf('super')), { key: privateKey, kid: 'another-key' })}`,
    });
  });

  it('refuses a token from another issuer, even one signed with the identity key', async () => {
    const otherIssuer = `http://localhost:9229/${stack.userPoolId}`;
    await expectUnauthorized({
      authorization: `Bearer ${await mint(accessClaims(idOf('client')), { issuer: otherIssuer })}`,
    });
  });

  it('refuses an ID token, and an access token issued to another app client', async () => {
    const signedIn = await initiateAuth('client@thrive.test', DEMO_PASSWORD);
    await expectUnauthorized({ authorization: `Bearer ${signedIn.AuthenticationResult!.IdToken}` });
    const otherClient = await mint({ ...accessClaims(idOf('client')), client_id: 'some-other-client' });
    await expectUnauthorized({ authorization: `Bearer ${otherClient}` });
  });

  it('refuses a token with "alg: none"', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = { ...accessClaims(idOf('super')), iss: stack.issuer, exp: Math.floor(Date.now() / 1000) + 600 };
    await expectUnauthorized({ authorization: `Bearer ${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.` });
  });

  it('takes the role from its database, not from a role claim in the token', async () => {
    // A client that made itself SUPER_ADMIN in the identity service (the emulator lets it) is still a client.
    const token = await mint({
      ...accessClaims(idOf('client')),
      'custom:role': 'SUPER_ADMIN',
      'cognito:groups': ['SUPER_ADMIN'],
    });
    expect((await api('GET', '/users/users', { token })).status).toBe(403);
    expect((await api('GET', `/users/users/${idOf('client2')}`, { token })).status).toBe(403);
  });

  it('treats a valid token for a user the API does not know as a user without a role', async () => {
    const stranger = '0f0f0f0f-0000-4000-8000-000000000001';
    const token = await mint(accessClaims(stranger));
    expect((await api('GET', '/users/users', { token })).status).toBe(403);
    expect((await api('GET', `/users/users/${idOf('client')}`, { token })).status).toBe(403);
  });

  it('lets the health check through without a token', async () => {
    const answer = await api('GET', '/health');
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
