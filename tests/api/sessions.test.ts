/**
 * Sessions that end: a token captured before a sign-out, a disabling, a new
 * role or a deletion is refused afterwards, on every device; the identity
 * service's global sign-out revokes the refresh tokens; and no session
 * outlives its role's limit from sign-in, however often it is refreshed.
 */
import { describe, expect, it } from 'vitest';
import {
  accessClaims,
  api,
  createSignedInUser,
  identityCall,
  idOf,
  initiateAuth,
  mintToken,
  nextSecond,
  type InitiateAuthAnswer,
  type Problem,
  type Schemas,
  CURRENT,
} from '../support/api-client.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import { DEMO_PASSWORD } from '../../scripts/demo/accounts.ts';
import { stack } from '../support/api-client.ts';

/** A generated client of this file's own: its sessions are ended here, and no other file signs it in. */
const SIGNING_OUT = generateClients(stack.generatedClients).at(-5)!;
/** A generated client no test signs out, whose old sessions no cut-off ends. */
const NEVER_SIGNED_OUT = generateClients(stack.generatedClients).at(-7)!.id;

async function signIn(email: string, password = DEMO_PASSWORD) {
  const answer = await initiateAuth(email, password);
  const tokens = answer.AuthenticationResult;
  if (!tokens?.RefreshToken) throw new Error(`Sign-in of ${email} failed: ${JSON.stringify(answer)}`);
  return tokens as Required<NonNullable<InitiateAuthAnswer['AuthenticationResult']>>;
}

/** The claims of an access token, read without checking it (the API checks it). */
function accessClaimsOf(token: string): { iat: number; auth_time: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    iat: number;
    auth_time: number;
  };
}

const readOwnProfile = (id: string, token: string) => api<Problem>('GET', `/users/user-profiles/${id}`, { token });

/** A client the admin creates for one case, signed in, so that ending their sessions touches no one else. */
function newSignedInClient(mailbox: string, firstName: string, lastName: string) {
  return createSignedInUser('admin', {
    email: `${mailbox}@thrive.test`,
    first_name: firstName,
    last_name: lastName,
    role: 'CLIENT',
  });
}

describe('signing out', () => {
  it('refuses a captured token after sign-out (401), on this device and every other', async () => {
    const phone = await signIn(SIGNING_OUT.email);
    const laptop = await signIn(SIGNING_OUT.email);
    expect((await readOwnProfile(SIGNING_OUT.id, phone.AccessToken)).status).toBe(200);

    const out = await api('POST', '/session/logout', { token: phone.AccessToken });
    const signedOutAt = Date.now();
    expect(out.status).toBe(204);
    expect(out.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect(out.headers.get('cache-control')).toBe('no-store');

    for (const captured of [phone.AccessToken, laptop.AccessToken]) {
      const replay = await readOwnProfile(SIGNING_OUT.id, captured);
      expect(replay.status).toBe(401);
      expect(replay.body.detail).toMatch(/session has ended/);
      expect((await api('GET', '/users/user-program-enrollments', { token: captured })).status).toBe(401);
    }

    // The app then signs out at the identity service too: the refresh tokens are revoked.
    const global = await identityCall('GlobalSignOut', { AccessToken: laptop.AccessToken });
    expect(global.status).toBe(200);
    for (const { RefreshToken } of [phone, laptop]) {
      const refreshed = await identityCall<InitiateAuthAnswer>('GetTokensFromRefreshToken', {
        ClientId: stack.clientId,
        RefreshToken,
      });
      expect(refreshed).toMatchObject({ status: 400, message: 'Refresh Token has been revoked' });
    }

    // Signing in again (in a later second) is a new session.
    await nextSecond(signedOutAt);
    const again = await signIn(SIGNING_OUT.email);
    expect((await readOwnProfile(SIGNING_OUT.id, again.AccessToken)).status).toBe(200);
  });

  it('refuses what a refresh token mints after sign-out, when the identity service never heard of it', async () => {
    // A device signing out offline reaches the API's sign-out later, and its global sign-out never: its refresh
    // token still works at the identity service, but the sessions it refreshes began before the cut-off.
    // In a second of its own: the identity service revokes, by the second, what the global sign-out above ended.
    await nextSecond();
    const tablet = await signIn(SIGNING_OUT.email);
    expect((await api('POST', '/session/logout', { token: tablet.AccessToken })).status).toBe(204);
    await nextSecond();
    const refreshed = await identityCall<InitiateAuthAnswer>('GetTokensFromRefreshToken', {
      ClientId: stack.clientId,
      RefreshToken: tablet.RefreshToken,
    });
    expect(refreshed, 'the identity service refreshes a token it has not revoked').toMatchObject({ status: 200 });
    const minted = refreshed.AuthenticationResult!.AccessToken;
    expect(accessClaimsOf(minted).iat * 1000).toBeGreaterThan(Date.now() - 5_000);
    const replay = await readOwnProfile(SIGNING_OUT.id, minted);
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toMatch(/session has ended/);
    await nextSecond();
  });

  it('ends only the sessions started before the press when the sign-out arrives late', async () => {
    const { id, email, password, accessToken: before } = await newSignedInClient('late.signout', 'Lata', 'Sen');
    await nextSecond();
    const pressedAt = new Date().toISOString();
    // The same person signs in again (another device, or this one) before the sign-out reaches the API.
    await nextSecond();
    const after = await signIn(email, password);
    const out = await api('POST', '/session/logout', { token: before, body: { signed_out_at: pressedAt } });
    expect(out.status).toBe(204);
    expect((await readOwnProfile(id, before)).status).toBe(401);
    expect((await readOwnProfile(id, after.AccessToken)).status).toBe(200);
  });

  it('ends the token that asks whatever time the device sends, and no session started after now', async () => {
    const { id, email, password, accessToken: asking } = await newSignedInClient('skewed.signout', 'Sunil', 'Rao');
    // A device whose clock is a year behind, and one a year ahead.
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
    expect((await api('POST', '/session/logout', { token: asking, body: { signed_out_at: yearAgo } })).status).toBe(
      204,
    );
    expect((await readOwnProfile(id, asking)).status).toBe(401);

    await nextSecond();
    const next = await signIn(email, password);
    const yearAhead = new Date(Date.now() + 365 * 86_400_000).toISOString();
    expect(
      (await api('POST', '/session/logout', { token: next.AccessToken, body: { signed_out_at: yearAhead } })).status,
    ).toBe(204);
    await nextSecond();
    const later = await signIn(email, password);
    expect((await readOwnProfile(id, next.AccessToken)).status).toBe(401);
    expect((await readOwnProfile(id, later.AccessToken)).status).toBe(200);
  });

  it('clears only the HTTP cache for a device that keeps changes not yet sent', async () => {
    const { AccessToken } = await signIn(SIGNING_OUT.email);
    const out = await api('POST', '/session/logout', { token: AccessToken, body: { keep_device_data: true } });
    expect(out.status).toBe(204);
    expect(out.headers.get('clear-site-data')).toBe('"cache"');
    expect((await readOwnProfile(SIGNING_OUT.id, AccessToken)).status).toBe(401);
    await nextSecond();
  });

  it('lets a client who has not given consent sign out, and records every sign-out in the audit trail', async () => {
    const user = await newSignedInClient('signs.out', 'Sig', 'Nout');
    expect((await api('GET', '/users/user-program-enrollments', { token: user.accessToken })).status).toBe(403);
    expect((await api('POST', '/session/logout', { token: user.accessToken })).status).toBe(204);
    expect((await readOwnProfile(user.id, user.accessToken)).status).toBe(401);
    const trail = await api<Schemas['AuditEventList']>('GET', '/users/audit-events?action=sessions.end', {
      as: 'super',
    });
    expect(trail.body.results[0]).toMatchObject({
      action: 'sessions.end',
      actor_id: user.id,
      resource_type: 'session',
      outcome: 'success',
    });
  });

  it('refuses a request to sign out without a valid token', async () => {
    expect((await api('POST', '/session/logout')).status).toBe(401);
    const unknown = await api<Problem>('POST', '/session/logout', {
      token: await mintToken(accessClaims(idOf('nurse'))),
      body: { keep_device_data: 'yes' },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.errors)).toContain('body.keep_device_data');
  });
});

describe('sessions the clinic ends', () => {
  it('ends the sessions of a user given another role', async () => {
    const user = await newSignedInClient('gets.promoted', 'Pro', 'Moted');
    const promoted = await api('PATCH', `/users/user-profiles/${user.id}`, {
      as: 'admin',
      ifMatch: CURRENT,
      body: { role: 'RECEPTION' },
    });
    expect(promoted.status).toBe(200);
    expect((await readOwnProfile(user.id, user.accessToken)).status).toBe(401);
  });

  it('keeps the sessions of a user whose role is set to the one it has', async () => {
    const user = await newSignedInClient('stays.client', 'Stays', 'Client');
    await nextSecond();
    const fresh = await signIn(user.email, user.password);
    const same = await api('PATCH', `/users/user-profiles/${user.id}`, {
      as: 'admin',
      ifMatch: CURRENT,
      body: { role: 'CLIENT' },
    });
    expect(same.status).toBe(200);
    expect((await readOwnProfile(user.id, fresh.AccessToken)).status).toBe(200);
  });

  it('refuses a deleted user’s token, even though the identity service once signed it', async () => {
    const user = await newSignedInClient('gets.deleted', 'Del', 'Eted');
    expect((await api('DELETE', `/users/users/${user.id}`, { as: 'admin' })).status).toBe(204);
    const replay = await api<Problem>('GET', `/users/users/${user.id}`, { token: user.accessToken });
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toMatch(/session has ended/);
  });
});

describe('the absolute session limit', () => {
  const hoursAgo = (hours: number) => Math.floor(Date.now() / 1000) - hours * 3600;

  it('refuses a staff token whose sign-in was more than 12 hours ago, however fresh the token', async () => {
    const token = await mintToken({ ...accessClaims(idOf('nurse')), auth_time: hoursAgo(13) });
    const answer = await api<Problem>('GET', `/users/users/${idOf('nurse')}`, { token });
    expect(answer.status).toBe(401);
    expect(answer.body.detail).toMatch(/at most 12 hours/);
    const within = await mintToken({ ...accessClaims(idOf('nurse')), auth_time: hoursAgo(11) });
    expect((await api('GET', `/users/users/${idOf('nurse')}`, { token: within })).status).toBe(200);
  });

  it('lets a client’s own phone keep its session for 30 days', async () => {
    const day = await mintToken({ ...accessClaims(NEVER_SIGNED_OUT), auth_time: hoursAgo(13) });
    expect((await api('GET', `/users/users/${NEVER_SIGNED_OUT}`, { token: day })).status).toBe(200);
    const month = await mintToken({ ...accessClaims(NEVER_SIGNED_OUT), auth_time: hoursAgo(31 * 24) });
    expect((await api('GET', `/users/users/${NEVER_SIGNED_OUT}`, { token: month })).status).toBe(401);
  });

  it('issues tokens that live 15 minutes', async () => {
    const { AccessToken, IdToken } = await signIn('doctor@thrive.test');
    for (const token of [AccessToken, IdToken]) {
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, number>;
      expect(claims.exp! - Math.floor(claims.iat!)).toBe(15 * 60);
    }
  });
});
