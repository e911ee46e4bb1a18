/** The user list, and creating and deleting accounts on both sides (identity service and database). */
import { describe, expect, it } from 'vitest';
import { demoClientEmail } from '../../scripts/demo/clients.ts';
import {
  api,
  identityAdminCall,
  identityCall,
  idOf,
  initiateAuth,
  stack,
  temporaryPasswordOf,
  type InitiateAuthAnswer,
  type Problem,
  type Schemas,
  CURRENT,
} from '../support/api-client.ts';

type UserList = Schemas['UserList'];
type UserDetail = Schemas['UserDetail'];

const list = (query: string, as: 'admin' | 'super' | 'nurse' = 'admin') =>
  api<UserList>('GET', `/users/users?${query}`, { as });
/** Search text goes in the body of POST users/users/search, never in an address. */
const search = (text: string) =>
  api<UserList>('POST', '/users/users/search', { as: 'admin', body: { search: text, page_size: 200 } });

async function identityUser(username: string) {
  return identityAdminCall<{
    UserAttributes?: { Name: string; Value: string }[];
    UserStatus?: string;
    __type?: string;
  }>('AdminGetUser', { UserPoolId: stack.userPoolId, Username: username });
}

describe('user list', () => {
  it('pages through everyone with count, next and previous', async () => {
    const first = await list('page_size=25');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, page_size: 25, previous: null, next: 2 });
    expect(first.body.results).toHaveLength(25);
    expect(first.body.count).toBeGreaterThanOrEqual(stack.generatedClients + 16);
    const lastPage = Math.ceil(first.body.count / 25);
    const last = await list(`page_size=25&page=${lastPage}`);
    expect(last.body).toMatchObject({ page: lastPage, next: null, previous: lastPage - 1 });
    expect(last.body.results.length).toBe(first.body.count - 25 * (lastPage - 1));
    const second = await list('page_size=25&page=2');
    const firstIds = new Set(first.body.results.map((user) => user.id));
    expect(second.body.results.some((user) => firstIds.has(user.id))).toBe(false);
  });

  it('orders by name (last, then first) by default, and by e-mail when asked', async () => {
    // Plain ASCII names only: how O'Brien and Müller sort depends on the database's collation.
    const lastNames = (await list('page_size=200')).body.results
      .map((user) => user.last_name.toLowerCase())
      .filter((name) => /^[a-z]+$/.test(name));
    expect(lastNames.length).toBeGreaterThan(50);
    expect(lastNames).toEqual([...lastNames].sort());
    const byEmailDescending = (await list('ordering=-email&page_size=200')).body.results.map((user) => user.email);
    expect(byEmailDescending).toEqual([...byEmailDescending].sort().reverse());
  });

  it('finds by e-mail, name and phone, whatever the case, as a substring', async () => {
    expect((await search('client-00')).body.count).toBe(Math.min(99, stack.generatedClients));
    expect((await search('PRIYA sharma')).body.results.map((user) => user.id)).toEqual([idOf('client')]);
    expect((await search('5555550112')).body.results.map((user) => user.id)).toEqual([idOf('client2')]);
    expect((await search(demoClientEmail(7).toUpperCase())).body.results.map((user) => user.email)).toEqual([
      demoClientEmail(7),
    ]);
  });

  it('takes no search text in the address, only in a body', async () => {
    const answer = await list('search=sharma');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('query.search');
  });

  it('takes % and _ in the search text literally', async () => {
    expect((await search('%')).body.count).toBe(0);
    expect((await search('_')).body.count).toBe(0);
  });

  it('filters by role', async () => {
    const nurses = await list('role=NURSE&page_size=200');
    expect(nurses.body.results.length).toBeGreaterThanOrEqual(3);
    expect(new Set(nurses.body.results.map((user) => user.role))).toEqual(new Set(['NURSE']));
  });

  it('does not list users without a row in the API (norole)', async () => {
    const found = await search('norole@thrive.test');
    expect(found.body.results.map((user) => user.email)).not.toContain('norole@thrive.test');
  });
});

describe('creating a user', () => {
  it('creates the identity account (new password required) and the profile', async () => {
    const created = await api<UserDetail>('POST', '/users/users', {
      as: 'admin',
      body: {
        email: 'new.nurse@thrive.test',
        first_name: 'Neela',
        last_name: 'Varghese',
        role: 'NURSE',
        phone_number: '+919800011122',
        clinic: 'Thrive Bengaluru',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.Username;
    expect(created.headers.get('location')).toBe(`/api/v1/users/users/${id}`);
    expect(created.body).toMatchObject({
      Enabled: true,
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      Profile: {
        client_id: id,
        role: 'NURSE',
        first_name: 'Neela',
        phone_number: '+919800011122',
        clinic: 'Thrive Bengaluru',
      },
    });

    const identity = await identityUser(id);
    expect(identity.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(identity.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: 'new.nurse@thrive.test' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:role', Value: 'NURSE' },
        { Name: 'given_name', Value: 'Neela' },
        { Name: 'family_name', Value: 'Varghese' },
      ]),
    );

    // The temporary password travels by e-mail; the test reads it from the emulator's user store instead.
    const signIn = await initiateAuth('new.nurse@thrive.test', await temporaryPasswordOf(id));
    expect(signIn.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answered = await identityCall<InitiateAuthAnswer>('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: stack.clientId,
      Session: signIn.Session,
      ChallengeResponses: { USERNAME: 'new.nurse@thrive.test', NEW_PASSWORD: 'Chosen!2026' },
    });
    const token = answered.AuthenticationResult?.AccessToken;
    expect(token, JSON.stringify(answered)).toBeDefined();
    // Signed in with its own password, the new nurse works with clients.
    const asNewNurse = await api<UserList>('GET', '/users/users?page_size=1', { token });
    expect(asNewNurse.status).toBe(200);
  });

  it('refuses an e-mail the API already has, naming body.email, whatever its case', async () => {
    const answer = await api<Problem>('POST', '/users/users', {
      as: 'admin',
      body: { email: 'Client2@Thrive.test', first_name: 'Dup', last_name: 'Licate', role: 'CLIENT' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'body.email' })]);
  });

  it('refuses an e-mail only the identity service has, and writes nothing', async () => {
    const outside = await identityAdminCall<{ User?: { Username: string } }>('AdminCreateUser', {
      UserPoolId: stack.userPoolId,
      Username: 'identity.only@thrive.test',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: 'identity.only@thrive.test' }],
    });
    expect(outside.status).toBe(200);
    const answer = await api<Problem>('POST', '/users/users', {
      as: 'super',
      body: { email: 'identity.only@thrive.test', first_name: 'Iden', last_name: 'Tity', role: 'CLIENT' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'body.email' })]);
    expect((await search('identity.only')).body.count).toBe(0);
    // The account that was there before is left alone.
    expect((await identityUser(outside.User!.Username)).UserStatus).toBe('FORCE_CHANGE_PASSWORD');
  });
});

describe('deleting a user', () => {
  it('removes the identity account, the profile and the enrollments', async () => {
    const created = await api<UserDetail>('POST', '/users/users', {
      as: 'admin',
      body: { email: 'leaving@thrive.test', first_name: 'Lee', last_name: 'Ving', role: 'CLIENT' },
    });
    const id = created.body.Username;
    const enrollment = await api<Schemas['Enrollment']>('POST', '/users/user-program-enrollments', {
      as: 'nurse',
      body: { user: id, program: 'hbot_recovery', start_date: '2026-04-01' },
    });
    expect(enrollment.status).toBe(201);

    const deleted = await api('DELETE', `/users/users/${id}`, { as: 'admin' });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();

    expect((await api('GET', `/users/users/${id}`, { as: 'admin' })).status).toBe(404);
    expect((await api('GET', `/users/user-profiles/${id}`, { as: 'admin' })).status).toBe(404);
    expect((await identityUser(id)).__type).toMatch(/UserNotFoundException/);
    const patchGone = await api('PATCH', `/users/user-program-enrollments/${enrollment.body.id}`, {
      ifMatch: CURRENT,
      as: 'super',
      body: { notes: 'still there?' },
    });
    expect(patchGone.status).toBe(404);
    expect((await api('DELETE', `/users/users/${id}`, { as: 'admin' })).status).toBe(404);
  });

  it('removes an account that exists only in the identity service', async () => {
    const outside = await identityAdminCall<{ User?: { Username: string } }>('AdminCreateUser', {
      UserPoolId: stack.userPoolId,
      Username: 'stray@thrive.test',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: 'stray@thrive.test' }],
    });
    const id = outside.User!.Username;
    expect((await api<UserDetail>('GET', `/users/users/${id}`, { as: 'admin' })).body.Profile).toBeNull();
    expect((await api('DELETE', `/users/users/${id}`, { as: 'super' })).status).toBe(204);
    expect((await identityUser(id)).__type).toMatch(/UserNotFoundException/);
  });

  it('refuses to delete the caller itself', async () => {
    const answer = await api<Problem>('DELETE', `/users/users/${idOf('admin')}`, { as: 'admin' });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toMatch(/your own account/);
    expect((await api('GET', `/users/users/${idOf('admin')}`, { as: 'admin' })).status).toBe(200);
  });
});
