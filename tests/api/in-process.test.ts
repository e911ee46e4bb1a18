/**
 * The API built in this process (createApp) on an in-memory PGlite, with the
 * suite's real identity service and real tokens. Here the test can hold the
 * database (the server's own PGlite belongs to its process) and can make the
 * identity service or the database fail on purpose, to check that nothing is
 * left half-made and that the audit trail records who did what.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import type { IdentityAdmin } from '../../server/identity/identity-admin.ts';
import {
  identityAdminCall,
  idOf,
  stack,
  type ApiAnswer,
  type Problem,
  type Schemas,
  CURRENT,
} from '../support/api-client.ts';
import { interceptQueries, startInProcessApi, type InProcessApi } from '../support/in-process-api.ts';

/** Identity calls that fail while named here. */
const failingIdentityCalls = new Set<keyof IdentityAdmin>();
/** The identity calls made that did not fail, in order. */
const identityCallsMade: (keyof IdentityAdmin)[] = [];
/** SQL that fails while it matches. */
let failingSql: RegExp | null = null;

function withInjectedIdentityFailures(real: IdentityAdmin): IdentityAdmin {
  const guard =
    <A extends unknown[], R>(name: keyof IdentityAdmin, call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      if (failingIdentityCalls.has(name)) return Promise.reject(new Error(`injected ${name} failure`));
      identityCallsMade.push(name);
      return call(...args);
    };
  return {
    createUser: guard('createUser', real.createUser),
    getUser: guard('getUser', real.getUser),
    setRole: guard('setRole', real.setRole),
    deleteUser: guard('deleteUser', real.deleteUser),
    disableUser: guard('disableUser', real.disableUser),
    enableUser: guard('enableUser', real.enableUser),
    setTemporaryPassword: guard('setTemporaryPassword', real.setTemporaryPassword),
  };
}

function withInjectedSqlFailures(db: Database): Database {
  return interceptQueries(db, (sql, _params, next) =>
    failingSql?.test(sql) ? Promise.reject(new Error(`injected failure of: ${sql.trim().slice(0, 40)}`)) : next(),
  );
}

let inProcess: InProcessApi;
let db: Database;
let api: InProcessApi['api'];

beforeAll(async () => {
  // The failures below are on purpose; the server's reports of them would only clutter the output.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  inProcess = await startInProcessApi({
    database: withInjectedSqlFailures,
    identityAdmin: withInjectedIdentityFailures,
  });
  ({ db, api } = inProcess);
});

afterAll(async () => {
  await inProcess.stop();
  vi.restoreAllMocks();
});

beforeEach(() => {
  failingIdentityCalls.clear();
  identityCallsMade.length = 0;
  failingSql = null;
});

async function identityAccountFor(email: string) {
  return identityAdminCall<{ Username?: string; __type?: string }>('AdminGetUser', {
    UserPoolId: stack.userPoolId,
    Username: email,
  });
}

async function usersWithEmail(email: string) {
  return db.query('SELECT id FROM users WHERE email = $1', [email]);
}

interface AuditRow {
  id: string;
  actor_id: string;
  action: string;
  resource_type: string;
  resource_id: string | null;
  subject_id: string | null;
  outcome: string;
  fields: string[] | null;
  at: Date;
}

/** The newest audit id when the test began, and for each action the newest of it that the test has looked at. */
let auditedBefore = '0';
const lookedAt = new Map<string, string>();

beforeEach(async () => {
  const [row] = await db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_log');
  auditedBefore = row?.id ?? '0';
  lookedAt.clear();
});

/**
 * The one record of `action` written since the test began or last looked at that action: the record of the test's
 * own request, never an earlier test's. None, or more than one, fails the test.
 */
async function newAudit(action: string): Promise<AuditRow> {
  const rows = await db.query<AuditRow>(
    `SELECT id::text AS id, actor_id, action, resource_type, resource_id, subject_id, outcome, fields, at
     FROM audit_log WHERE action = $1 AND id > $2 ORDER BY id`,
    [action, lookedAt.get(action) ?? auditedBefore],
  );
  expect(rows, `the ${action} records since the test last looked`).toHaveLength(1);
  lookedAt.set(action, rows[0]!.id);
  return rows[0]!;
}

const newUser = (email: string) => ({ email, first_name: 'Tess', last_name: 'Ting', role: 'CLIENT' });

/** A profile's ETag, read from the database itself: the test's audit records stay its own. */
async function etagOfProfile(id: string): Promise<string> {
  const [row] = await db.query<{ version: number }>('SELECT version FROM profiles WHERE client_id = $1', [id]);
  return `"${row!.version}"`;
}

describe('creating a user, all or nothing', () => {
  it('writes nothing when the identity service fails', async () => {
    failingIdentityCalls.add('createUser');
    const answer = await api<Problem>('POST', '/users/users', {
      as: 'admin',
      body: newUser('no.identity@thrive.test'),
    });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await usersWithEmail('no.identity@thrive.test')).toEqual([]);
    expect((await identityAccountFor('no.identity@thrive.test')).__type).toMatch(/UserNotFoundException/);
    expect(await newAudit('users.create')).toMatchObject({ actor_id: idOf('admin'), outcome: 'error' });
  });

  it('removes the identity account again when the database step fails', async () => {
    failingSql = /INSERT INTO profiles/;
    const answer = await api<Problem>('POST', '/users/users', { as: 'admin', body: newUser('no.profile@thrive.test') });
    expect(answer.status).toBe(500);
    expect(await usersWithEmail('no.profile@thrive.test')).toEqual([]);
    expect((await identityAccountFor('no.profile@thrive.test')).__type).toMatch(/UserNotFoundException/);
    expect(await newAudit('users.create')).toMatchObject({ outcome: 'error' });
  });

  it('creates both when both work, and audits it', async () => {
    const answer = await api<Schemas['UserDetail']>('POST', '/users/users', {
      as: 'admin',
      body: newUser('both.sides@thrive.test'),
    });
    expect(answer.status).toBe(201);
    expect(await usersWithEmail('both.sides@thrive.test')).toEqual([{ id: answer.body.Username }]);
    expect((await identityAccountFor('both.sides@thrive.test')).Username).toBe(answer.body.Username);
    expect(await newAudit('users.create')).toMatchObject({
      actor_id: idOf('admin'),
      resource_type: 'user',
      resource_id: answer.body.Username,
      subject_id: answer.body.Username,
      outcome: 'success',
    });
  });
});

describe('changes that involve the identity service', () => {
  it('keeps the user when the identity service cannot delete the account', async () => {
    const created = await api<Schemas['UserDetail']>('POST', '/users/users', {
      as: 'super',
      body: newUser('stays@thrive.test'),
    });
    failingIdentityCalls.add('deleteUser');
    const answer = await api<Problem>('DELETE', `/users/users/${created.body.Username}`, { as: 'super' });
    expect(answer.status).toBe(502);
    expect(await usersWithEmail('stays@thrive.test')).toHaveLength(1);
    expect((await api('GET', `/users/user-profiles/${created.body.Username}`, { as: 'super' })).status).toBe(200);
    failingIdentityCalls.clear();
    expect((await api('DELETE', `/users/users/${created.body.Username}`, { as: 'super' })).status).toBe(204);
    expect(await usersWithEmail('stays@thrive.test')).toEqual([]);
  });

  it('keeps the role when the identity service cannot change it', async () => {
    const created = await api<Schemas['UserDetail']>('POST', '/users/users', {
      as: 'super',
      body: newUser('same.role@thrive.test'),
    });
    failingIdentityCalls.add('setRole');
    const answer = await api<Problem>('PATCH', `/users/user-profiles/${created.body.Username}`, {
      ifMatch: CURRENT,
      as: 'super',
      body: { role: 'DOCTOR' },
    });
    expect(answer.status).toBe(502);
    const profile = await api<Schemas['Profile']>('GET', `/users/user-profiles/${created.body.Username}`, {
      as: 'super',
    });
    expect(profile.body).toMatchObject({ role: 'CLIENT', version: 1 });
  });
});

describe('disabling a user, all or nothing', () => {
  async function identityEnabled(username: string) {
    return (
      await identityAdminCall<{ Enabled?: boolean }>('AdminGetUser', {
        UserPoolId: stack.userPoolId,
        Username: username,
      })
    ).Enabled;
  }

  async function statusOf(id: string) {
    return (await db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [id]))[0]?.status;
  }

  it('leaves the database as it was when the identity service fails', async () => {
    const created = await api<Schemas['UserDetail']>('POST', '/users/users', {
      as: 'admin',
      body: newUser('not.disabled@thrive.test'),
    });
    const id = created.body.Username;
    failingIdentityCalls.add('disableUser');
    const answer = await api<Problem>('PATCH', `/users/users/${id}`, { as: 'admin', body: { enabled: false } });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body.detail).toMatch(/nothing was changed/);
    expect(await statusOf(id)).toBe('active');
    expect(await identityEnabled(id)).toBe(true);
    expect(await newAudit('users.disable')).toMatchObject({
      actor_id: idOf('admin'),
      subject_id: id,
      outcome: 'error',
      fields: ['enabled'],
    });

    failingIdentityCalls.clear();
    expect((await api('PATCH', `/users/users/${id}`, { as: 'admin', body: { enabled: false } })).status).toBe(200);
    expect(await statusOf(id)).toBe('disabled');
    expect(await identityEnabled(id)).toBe(false);
    expect(await newAudit('users.disable')).toMatchObject({ outcome: 'success', fields: ['enabled'] });

    failingIdentityCalls.add('enableUser');
    expect((await api('PATCH', `/users/users/${id}`, { as: 'admin', body: { enabled: true } })).status).toBe(502);
    expect(await statusOf(id)).toBe('disabled');
    expect(await identityEnabled(id)).toBe(false);
  });

  it('puts the identity account back when the database fails after it changed', async () => {
    const created = await api<Schemas['UserDetail']>('POST', '/users/users', {
      as: 'super',
      body: newUser('put.back@thrive.test'),
    });
    const id = created.body.Username;
    // The success record is written in the change's transaction, after the identity call.
    failingSql = /INSERT INTO audit_log/;
    identityCallsMade.length = 0;
    const answer = await api<Problem>('PATCH', `/users/users/${id}`, { as: 'super', body: { enabled: false } });
    expect(answer.status).toBe(500);
    expect(identityCallsMade).toEqual(['getUser', 'disableUser', 'enableUser']);
    expect(await statusOf(id)).toBe('active');
    expect(await identityEnabled(id)).toBe(true);
  });
});

describe('a password reset, all or nothing', () => {
  it('writes no e-mail, ends no session and keeps the password when the identity service fails', async () => {
    const created = await api<Schemas['UserDetail']>('POST', '/users/users', {
      as: 'admin',
      body: newUser('not.reset@thrive.test'),
    });
    const id = created.body.Username;
    const messagesTo = async () =>
      (
        await db.query<{ count: number }>('SELECT count(*)::int AS count FROM messages WHERE recipient_id = $1', [id])
      )[0]?.count;
    failingIdentityCalls.add('setTemporaryPassword');
    const answer = await api<Problem>('POST', `/users/users/${id}/password-reset`, { as: 'admin' });
    expect(answer.status).toBe(502);
    expect(answer.body.detail).toMatch(/nothing was changed or sent/);
    expect(await messagesTo()).toBe(0);
    expect(await db.query('SELECT 1 FROM session_cutoffs WHERE username = $1', [id])).toEqual([]);
    expect(await newAudit('users.password-reset')).toMatchObject({ subject_id: id, outcome: 'error' });

    failingIdentityCalls.clear();
    const reset = await api<Schemas['Message']>('POST', `/users/users/${id}/password-reset`, { as: 'admin' });
    expect(reset.status).toBe(202);
    expect(await messagesTo()).toBe(1);
    expect(await newAudit('users.password-reset')).toMatchObject({ subject_id: id, outcome: 'success' });
  });
});

describe('audit trail', () => {
  it('records reads and changes of a client, with the fields changed but never their values', async () => {
    const read = await api('GET', `/users/user-profiles/${idOf('client')}`, { as: 'nurse' });
    expect(read.status).toBe(200);
    expect(await newAudit('profiles.read')).toMatchObject({
      actor_id: idOf('nurse'),
      resource_type: 'profile',
      resource_id: idOf('client'),
      subject_id: idOf('client'),
      outcome: 'success',
    });

    const secret = 'Takes medication for anxiety';
    const patch = await api('PATCH', `/users/user-profiles/${idOf('client')}`, {
      ifMatch: await etagOfProfile(idOf('client')),
      as: 'doctor',
      body: { client_story: secret, health_goals: 'Walk to Hubballi' },
    });
    expect(patch.status).toBe(200);
    const change = await newAudit('profiles.update');
    expect(change).toMatchObject({ actor_id: idOf('doctor'), subject_id: idOf('client'), outcome: 'success' });
    expect([...(change.fields ?? [])].sort()).toEqual(['client_story', 'health_goals']);

    await api('GET', `/users/users/${idOf('client')}`, { as: 'client' });
    expect(await newAudit('users.read')).toMatchObject({
      actor_id: idOf('client'),
      subject_id: idOf('client'),
      outcome: 'success',
    });

    const everything = JSON.stringify(await db.query('SELECT * FROM audit_log'));
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain('Hubballi');
  });

  it('records denied and failed attempts with their outcome', async () => {
    const denied = await api('GET', `/users/user-profiles/${idOf('client')}`, { as: 'client2' });
    expect(denied.status).toBe(403);
    expect(await newAudit('profiles.read')).toMatchObject({
      actor_id: idOf('client2'),
      subject_id: idOf('client'),
      outcome: 'denied',
    });

    const stale = await api('PATCH', `/users/user-profiles/${idOf('client2')}`, {
      as: 'nurse',
      body: { health_goals: 'Visit Udupi' },
      headers: { 'if-match': '"999"' },
    });
    expect(stale.status).toBe(412);
    expect(await newAudit('profiles.update')).toMatchObject({ actor_id: idOf('nurse'), outcome: 'conflict' });

    const missing = await api('GET', '/users/users/00000000-0000-4000-8000-00000000f00d', { as: 'admin' });
    expect(missing.status).toBe(404);
    expect(await newAudit('users.read')).toMatchObject({ outcome: 'not_found' });
  });

  it('records user administration and enrollment changes', async () => {
    await api('POST', '/users/users/search', { as: 'admin', body: { search: 'sharma' } });
    expect(await newAudit('users.list')).toMatchObject({
      actor_id: idOf('admin'),
      resource_id: null,
      outcome: 'success',
    });

    const enrolled = await api<Schemas['Enrollment']>('POST', '/users/user-program-enrollments', {
      as: 'coach',
      body: { user: idOf('client'), program: 'longevity', start_date: '2026-01-10' },
    });
    expect(await newAudit('enrollments.create')).toMatchObject({
      actor_id: idOf('coach'),
      resource_type: 'enrollment',
      resource_id: enrolled.body.id,
      subject_id: idOf('client'),
      outcome: 'success',
    });
    await api('DELETE', `/users/user-program-enrollments/${enrolled.body.id}`, { as: 'coach' });
    expect(await newAudit('enrollments.delete')).toMatchObject({
      resource_id: enrolled.body.id,
      subject_id: idOf('client'),
    });
  });

  it('records reads of the trail and of the counts', async () => {
    expect((await api('GET', `/users/audit-events?subject_id=${idOf('client2')}`, { as: 'admin' })).status).toBe(200);
    expect(await newAudit('audit.list')).toMatchObject({
      actor_id: idOf('admin'),
      resource_type: 'audit_log',
      resource_id: null,
      subject_id: idOf('client2'),
      outcome: 'success',
    });
    expect((await api('GET', '/users/audit-events', { as: 'doctor' })).status).toBe(403);
    expect(await newAudit('audit.list')).toMatchObject({ actor_id: idOf('doctor'), outcome: 'denied' });

    expect((await api('GET', '/users/role-counts', { as: 'super' })).status).toBe(200);
    expect(await newAudit('users.count')).toMatchObject({ actor_id: idOf('super'), outcome: 'success' });
  });

  it('keeps no audit record of a change that was rolled back as a success', async () => {
    failingSql = /UPDATE users SET role/;
    const before = (
      await db.query<{ count: number }>("SELECT count(*)::int AS count FROM audit_log WHERE outcome = 'success'")
    )[0];
    const answer: ApiAnswer<Problem> = await api('PATCH', `/users/user-profiles/${idOf('client2')}`, {
      ifMatch: await etagOfProfile(idOf('client2')),
      as: 'super',
      body: { role: 'NURSE' },
    });
    expect(answer.status).toBe(500);
    const after = (
      await db.query<{ count: number }>("SELECT count(*)::int AS count FROM audit_log WHERE outcome = 'success'")
    )[0];
    expect(after).toEqual(before);
    expect(await newAudit('profiles.update')).toMatchObject({ outcome: 'error' });
  });
});
