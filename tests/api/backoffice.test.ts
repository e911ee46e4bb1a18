/**
 * What the backoffice reads and does besides the user list: recent changes
 * (the audit feed), counts by role and status, and disabling and enabling
 * accounts on both sides (identity service and database).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/demo/accounts.ts';
import { demoClientEmail } from '../../scripts/demo/clients.ts';
import {
  api,
  createSignedInUser,
  identityAdminCall,
  identityCall,
  idOf,
  initiateAuth,
  nextSecond,
  stack,
  type InitiateAuthAnswer,
  type Problem,
  type Schemas,
  type Actor,
} from '../support/api-client.ts';
import { auditSince, newestAuditId } from '../support/audit-trail.ts';

type AuditEventList = Schemas['AuditEventList'];
type AuditEvent = Schemas['AuditEvent'];
type RoleCounts = Schemas['UserRoleCounts'];
type UserDetail = Schemas['UserDetail'];
type Role = Schemas['Role'];

const feed = (query = '', as: Actor = 'admin') => api<AuditEventList>('GET', `/users/audit-events?${query}`, { as });
const counts = (as: Actor = 'admin') => api<RoleCounts>('GET', '/users/role-counts', { as });
const setEnabled = (id: string, enabled: boolean, as: Actor = 'admin') =>
  api<UserDetail>('PATCH', `/users/users/${id}`, { as, body: { enabled } });

async function createUser(as: Actor, email: string, role: Role = 'CLIENT'): Promise<string> {
  const created = await api<UserDetail>('POST', '/users/users', {
    as,
    body: { email, first_name: 'Back', last_name: 'Office', role },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.Username;
}

async function identityEnabled(username: string): Promise<boolean | undefined> {
  return (
    await identityAdminCall<{ Enabled?: boolean }>('AdminGetUser', { UserPoolId: stack.userPoolId, Username: username })
  ).Enabled;
}

function refresh(refreshToken: string) {
  return identityCall<InitiateAuthAnswer>('InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: stack.clientId,
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });
}

/** Every user the API holds, through the list (as the super admin, who sees everyone). */
async function everyUser(): Promise<Schemas['UserSummary'][]> {
  const users: Schemas['UserSummary'][] = [];
  for (let page = 1; ; page++) {
    const answer = await api<Schemas['UserList']>('GET', `/users/users?page_size=200&page=${page}`, { as: 'super' });
    users.push(...answer.body.results);
    if (answer.body.next === null) return users;
  }
}

function tally(users: readonly Schemas['UserSummary'][]) {
  const byRole: Record<string, number> = {};
  for (const user of users) byRole[user.role ?? 'none'] = (byRole[user.role ?? 'none'] ?? 0) + 1;
  return {
    byRole,
    active: users.filter((user) => user.status === 'active').length,
    disabled: users.filter((user) => user.status === 'disabled').length,
  };
}

describe('recent changes (the audit feed)', () => {
  it('shows a profile change by the admin, naming the fields but never their values', async () => {
    const id = await createUser('admin', 'audited.client@thrive.test');
    const secret = 'Sleeps badly since the accident';
    const read = await api('GET', `/users/user-profiles/${id}`, { as: 'admin' });
    const patched = await api('PATCH', `/users/user-profiles/${id}`, {
      ifMatch: read.headers.get('etag') ?? '',
      as: 'admin',
      body: { address_line_2: secret, city: 'Kozhikode' },
    });
    expect(patched.status).toBe(200);

    const answer = await feed('kind=change&page_size=5');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const [latest] = answer.body.results;
    expect(latest).toMatchObject({
      actor_id: idOf('admin'),
      actor_email: 'admin@thrive.test',
      action: 'profiles.update',
      resource_type: 'profile',
      resource_id: id,
      subject_id: id,
      subject_email: 'audited.client@thrive.test',
      outcome: 'success',
    });
    expect([...latest!.fields].sort()).toEqual(['address_line_2', 'city']);
    // The creation came just before it.
    expect(answer.body.results[1]).toMatchObject({ action: 'users.create', subject_id: id, fields: [] });

    const everything = JSON.stringify((await feed('page_size=100')).body);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain('Kozhikode');
  });

  it('lists newest first, a page at a time, held still by until_id', async () => {
    // Each read of the feed is a record: enough of them for three pages, whichever files ran before.
    for (let i = 0; i < 9; i++) expect((await feed('page_size=1')).status).toBe(200);
    const first = await feed('page_size=3');
    expect(first.body).toMatchObject({ page: 1, page_size: 3, previous: null, next: 2 });
    expect(first.body.results).toHaveLength(3);
    const ids = first.body.results.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // Reading page 1 wrote a record at the top; until_id keeps it (and any other) from shifting the pages.
    const until = `until_id=${ids[0]}`;
    expect((await feed(`page_size=3&${until}`)).body.results.map((event) => event.id)).toEqual(ids);
    const second = await feed(`page_size=3&page=2&${until}`);
    expect(second.body).toMatchObject({ page: 2, previous: 1, next: 3 });
    const secondIds = second.body.results.map((event) => event.id);
    expect(secondIds).toHaveLength(3);
    expect(Math.max(...secondIds)).toBeLessThan(Math.min(...ids));
    const bothPages = await feed(`page_size=6&${until}`);
    expect(bothPages.body.results.map((event) => event.id)).toEqual([...ids, ...secondIds]);

    const far = await feed('page_size=100&page=100000');
    expect(far.body).toMatchObject({ results: [], next: null, previous: 99999 });
  });

  it('filters by subject, by action and by kind', async () => {
    await api('GET', `/users/user-profiles/${idOf('client2')}`, { as: 'nurse' });
    const aboutClient2 = await feed(`subject_id=${idOf('client2')}&page_size=100`);
    expect(aboutClient2.body.results.length).toBeGreaterThan(0);
    expect(new Set(aboutClient2.body.results.map((event) => event.subject_id))).toEqual(new Set([idOf('client2')]));
    expect(aboutClient2.body.results[0]).toMatchObject({ actor_email: 'nurse@thrive.test', action: 'profiles.read' });

    const creations = await feed('action=users.create&page_size=100');
    expect(creations.body.results.length).toBeGreaterThan(0);
    expect(new Set(creations.body.results.map((event) => event.action))).toEqual(new Set(['users.create']));

    const reads = [
      'users.list',
      'users.read',
      'users.count',
      'profiles.read',
      'enrollments.list',
      'appointments.list',
      'appointments.read',
      'visits.list',
      'visits.read',
      'assessments.list',
      'tests.list',
      'slots.list',
      'support.list',
      'support.read',
      'clients.search',
      'clients.alerts',
      'programs.list',
      'programs.read',
      'results.list',
      'results.read',
      'results.report-read',
      'advices.list',
      'messages.list',
      'messages.preferences-read',
      'clinics.messaging-read',
      'audit.list',
      // A refused request changed nothing.
      'requests.refused',
    ];
    const kinds = (events: AuditEvent[]) => new Set(events.map((event) => reads.includes(event.action)));
    expect(kinds((await feed('kind=change&page_size=100')).body.results)).toEqual(new Set([false]));
    expect(kinds((await feed('kind=read&page_size=100')).body.results)).toEqual(new Set([true]));
  });

  it('records every read of the trail, allowed or not, in the trail', async () => {
    const after = await newestAuditId();
    expect((await feed(`subject_id=${idOf('client')}`, 'super')).status).toBe(200);
    // Reading the trail to look is recorded too: the test's own read is the one about the client.
    const reads = await auditSince(after, 'action=audit.list');
    const superRead = reads.filter((event) => event.subject_id === idOf('client'));
    expect(superRead).toHaveLength(1);
    expect(superRead[0]).toMatchObject({
      actor_id: idOf('super'),
      action: 'audit.list',
      resource_type: 'audit_log',
      resource_id: null,
      subject_id: idOf('client'),
      outcome: 'success',
    });

    const beforeNurse = await newestAuditId();
    expect((await feed('', 'nurse')).status).toBe(403);
    const tries = (await auditSince(beforeNurse, 'action=audit.list')).filter((event) => event.outcome === 'denied');
    expect(tries).toEqual([expect.objectContaining({ actor_id: idOf('nurse'), action: 'audit.list' })]);
  });

  it('refuses bad filters and pages, naming each', async () => {
    const answer = await api<Problem>(
      'GET',
      '/users/audit-events?page_size=101&action=users.hack&subject_id=nobody&kind=all&until_id=0',
      { as: 'admin' },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body.errors?.map((error) => error.field).sort()).toEqual(
      ['query.page_size', 'query.action', 'query.subject_id', 'query.kind', 'query.until_id'].sort(),
    );
    const unknown = await api<Problem>('GET', '/users/audit-events?since=yesterday', { as: 'admin' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual(expect.objectContaining({ field: 'query.since' }));
  });
});

/**
 * By hand from scripts/demo/accounts.ts, where every account but norole@ has a
 * users row (norole@ has none, so there is no seeded user without a role):
 * SUPER_ADMIN super@; ADMIN admin@; NURSE nurse@, nurse2@, nurse3@, nurse4@, nurse5@, totp@, totpsetup@;
 * RECEPTION reception@, reception2@; DOCTOR doctor@, doctor2@, doctor3@, sms@; HEALTH_COACH coach@;
 * NUTRITIONIST nutrition@; CLIENT client@, client2@, consent@, passkey@, newpass@, reset@,
 * unconfirmed@, unverified@ and the generated clients of the suite's setup.
 * All are active.
 */
const SEEDED_BY_ROLE: Record<Role, number> = {
  CLIENT: 8 + stack.generatedClients,
  NURSE: 7,
  RECEPTION: 2,
  DOCTOR: 4,
  HEALTH_COACH: 1,
  NUTRITIONIST: 1,
  ADMIN: 1,
  SUPER_ADMIN: 1,
};
const SEEDED_USERS = 25 + stack.generatedClients;

describe('counts by role and status', () => {
  it('counts the seeded accounts, plus the users other tests have made so far', async () => {
    const answer = await counts();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');

    // Other files of the suite add users; they are told apart from the seed by their e-mails.
    const seededEmails = new Set([
      ...DEMO_ACCOUNTS.filter((account) => account.hasProfile).map((account) => account.email),
      ...Array.from({ length: stack.generatedClients }, (_, i) => demoClientEmail(i + 1)),
    ]);
    const users = await everyUser();
    const seeded = tally(users.filter((user) => seededEmails.has(user.email)));
    const added = tally(users.filter((user) => !seededEmails.has(user.email)));
    expect(seeded).toEqual({ byRole: SEEDED_BY_ROLE, active: SEEDED_USERS, disabled: 0 });

    const byRole = Object.fromEntries(
      Object.entries(SEEDED_BY_ROLE).map(([role, count]) => [role, count + (added.byRole[role] ?? 0)]),
    );
    expect(answer.body).toEqual({
      total: SEEDED_USERS + added.active + added.disabled,
      by_role: byRole,
      without_role: added.byRole.none ?? 0,
      by_status: { active: SEEDED_USERS + added.active, disabled: added.disabled },
    });
  });
});

describe('disabling and enabling an account', () => {
  it('stops sign-in and every call, on both sides, and undoes it all when enabled', async () => {
    const user = await createSignedInUser('admin', {
      email: 'disable.me@thrive.test',
      first_name: 'Dee',
      last_name: 'Sabled',
      role: 'CLIENT',
    });
    const asUser = { token: user.accessToken };
    expect((await api('GET', `/users/user-profiles/${user.id}`, asUser)).status).toBe(200);
    expect((await refresh(user.refreshToken)).AuthenticationResult?.AccessToken).toBeDefined();
    const before = (await counts()).body;

    const disabled = await setEnabled(user.id, false);
    const disabledAt = Date.now();
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.headers.get('cache-control')).toBe('no-store');
    expect(disabled.body).toMatchObject({ Username: user.id, Enabled: false, Profile: { client_id: user.id } });
    expect(await identityEnabled(user.id)).toBe(false);
    const listed = await api<Schemas['UserList']>('POST', '/users/users/search', {
      as: 'admin',
      body: { search: 'disable.me' },
    });
    expect(listed.body.results).toEqual([expect.objectContaining({ id: user.id, status: 'disabled' })]);
    expect((await counts()).body).toMatchObject({
      total: before.total,
      by_role: { CLIENT: before.by_role.CLIENT },
      by_status: { active: before.by_status.active - 1, disabled: before.by_status.disabled + 1 },
    });

    // Its access token is still valid at the identity service; the API refuses it anyway.
    const ownProfile = await api<Problem>('GET', `/users/user-profiles/${user.id}`, asUser);
    expect(ownProfile.status).toBe(403);
    expect(ownProfile.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(ownProfile.body.detail).toBe('This account is disabled.');
    expect((await api('GET', `/users/users/${user.id}`, asUser)).status).toBe(403);
    const signIn = await initiateAuth(user.email, user.password);
    expect(signIn).toMatchObject({ status: 400, __type: 'NotAuthorizedException', message: 'User is disabled.' });
    expect(await refresh(user.refreshToken)).toMatchObject({
      status: 400,
      __type: 'NotAuthorizedException',
      message: 'User is disabled.',
    });

    const enabled = await setEnabled(user.id, true);
    expect(enabled.status).toBe(200);
    expect(enabled.body.Enabled).toBe(true);
    expect(await identityEnabled(user.id)).toBe(true);
    expect((await counts()).body).toEqual(before);
    // Disabling ended its sessions: the token it held before stays refused once the account is back.
    const ended = await api<Problem>('GET', `/users/user-profiles/${user.id}`, asUser);
    expect(ended.status).toBe(401);
    expect(ended.body.detail).toMatch(/session has ended/);
    // A sign-in after the disabling's second is a session of its own.
    await nextSecond(disabledAt);
    const again = await initiateAuth(user.email, user.password);
    const token = again.AuthenticationResult?.AccessToken;
    expect(token, JSON.stringify(again)).toBeDefined();
    expect((await api('GET', `/users/user-profiles/${user.id}`, { token })).status).toBe(200);
    expect((await refresh(user.refreshToken)).AuthenticationResult?.AccessToken).toBeDefined();

    const changes = (await feed(`subject_id=${user.id}&kind=change`)).body.results;
    expect(changes.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'users.enable', actor_id: idOf('admin'), fields: ['enabled'] }),
      expect.objectContaining({ action: 'users.disable', actor_id: idOf('admin'), fields: ['enabled'] }),
    ]);
  });

  it('changes nothing when the account is already in that state', async () => {
    const id = await createUser('admin', 'twice.disabled@thrive.test');
    expect((await setEnabled(id, false)).status).toBe(200);
    expect((await setEnabled(id, false)).body.Enabled).toBe(false);
    expect(await identityEnabled(id)).toBe(false);
    expect((await setEnabled(id, true)).status).toBe(200);
    expect((await setEnabled(id, true)).body.Enabled).toBe(true);
  });

  it('keeps ADMIN away from SUPER_ADMIN accounts, disabled or not', async () => {
    const answer = await setEnabled(idOf('super'), false);
    expect(answer.status).toBe(403);
    expect(await identityEnabled(idOf('super'))).toBe(true);
    expect((await api('GET', '/users/role-counts', { as: 'super' })).status).toBe(200);

    const otherSuper = await createUser('super', 'second.super@thrive.test', 'SUPER_ADMIN');
    expect((await setEnabled(otherSuper, false, 'super')).status).toBe(200);
    expect((await setEnabled(otherSuper, true, 'admin')).status).toBe(403);
    expect(await identityEnabled(otherSuper)).toBe(false);
    expect((await setEnabled(otherSuper, true, 'super')).status).toBe(200);
  });

  it('lets nobody disable itself', async () => {
    for (const actor of ['admin', 'super'] as const) {
      const answer = await api<Problem>('PATCH', `/users/users/${idOf(actor)}`, {
        as: actor,
        body: { enabled: false },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.detail).toMatch(/your own account/);
      expect(await identityEnabled(idOf(actor))).toBe(true);
    }
    expect(
      (await api('PATCH', `/users/users/${idOf('nurse')}`, { as: 'nurse', body: { enabled: false } })).status,
    ).toBe(403);
    expect((await counts('admin')).status).toBe(200);
  });

  it('answers 404 for a user nobody has', async () => {
    expect((await setEnabled('00000000-0000-4000-8000-00000000dead', false)).status).toBe(404);
  });

  it('takes exactly { enabled: boolean }, naming what is wrong', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['body.enabled']],
      [{ enabled: 'no' }, ['body.enabled']],
      [{ enabled: false, role: 'ADMIN' }, ['body.role']],
    ];
    for (const [body, fields] of cases) {
      const answer = await api<Problem>('PATCH', `/users/users/${idOf('client2')}`, { as: 'admin', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.map((error) => error.field)).toEqual(fields);
    }
    expect(await identityEnabled(idOf('client2'))).toBe(true);
  });
});
