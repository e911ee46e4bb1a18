/**
 * Every role against every endpoint, on its own record and on others'.
 *
 * The expected answers are written out by hand from spec section 6,
 * PRODUCT.md section 3 and the contract, not derived from the server's rules
 * table, so a slip in that table shows up here:
 * - a client reads and changes only itself, and only its self-service fields;
 * - the staff roles (nurse, reception, doctor, coach, nutrition) read, find and
 *   change clients (never a role) and their enrollments, and read themselves;
 *   each changes only its own sections of a client's profile (minimum necessary):
 *   reception contact details and names, the clinical roles the health journey,
 *   the doctor also the health ids; admin names and contact details, never the
 *   health journey (tests/api/profile-fields.test.ts goes field by field);
 * - the hub staff group (and super admin) search clients, read their alerts and
 *   the programs' progress; admin has no part in them;
 * - admin and super admin list, read, create, disable, enable and delete users,
 *   change roles, count users and read the audit trail; admin cannot touch super
 *   admin accounts or grant that role;
 * - nobody changes its own role (403), deletes, disables or enables itself (409);
 * - norole (no role anywhere) may only look at itself;
 * - client (client@) has not given HIPAA consent: it may read its own user
 *   and profile and give its consent, and every other request is 403;
 * - a missing user is 404 only for those who may read every user, else 403;
 * - what the portal books (tests, free slots) is for clients and the staff
 *   group, not admin; messages to the clinic: a client starts its own, staff of
 *   the hub group (and super admin) read and answer their clinic's.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  api,
  idOf,
  signInAgain,
  type ApiAnswer,
  type Schemas,
  type Actor,
  CURRENT,
} from '../support/api-client.ts';

const EXPECTED_TEXT = `
  case                                      super admin nurse reception doctor coach nutrition client client2 norole
  list users                                200   200   200   200       200    200   200       403    403     403
  list users with role NURSE                200   200   403   403       403    403   403       403    403     403
  read own user                             200   200   200   200       200    200   200       200    200     200
  read client's user                        200   200   200   200       200    200   200       200    403     403
  read client2's user                       200   200   200   200       200    200   200       403    200     403
  read nurse's user                         200   200   200   403       403    403   403       403    403     403
  read admin's user                         200   200   403   403       403    403   403       403    403     403
  read super's user                         200   200   403   403       403    403   403       403    403     403
  read norole's user                        200   200   403   403       403    403   403       403    403     200
  read a user that does not exist           404   404   403   403       403    403   403       403    403     403
  read own profile                          200   200   200   200       200    200   200       200    200     404
  read client's profile                     200   200   200   200       200    200   200       200    403     403
  read nurse's profile                      200   200   200   403       403    403   403       403    403     403
  read admin's profile                      200   200   403   403       403    403   403       403    403     403
  change own city                           200   200   200   200       200    200   200       403    200     403
  change client's city                      200   200   403   200       403    403   403       403    403     403
  change client2's city                     200   200   403   200       403    403   403       403    200     403
  change nurse's city                       200   200   200   403       403    403   403       403    403     403
  change super's city                       200   403   403   403       403    403   403       403    403     403
  change client's first name                200   200   403   200       403    403   403       403    403     403
  change client's story                     200   403   200   403       200    200   200       403    403     403
  change client's ABHA number               200   403   403   403       200    403   403       403    403     403
  change client's role                      200   200   403   403       403    403   403       403    403     403
  change own role                           403   403   403   403       403    403   403       403    403     403
  make client2 a super admin                200   403   403   403       403    403   403       403    403     403
  create a client                           201   201   403   403       403    403   403       403    403     403
  create a super admin                      201   403   403   403       403    403   403       403    403     403
  delete a client                           204   204   403   403       403    403   403       403    403     403
  delete self                               409   409   403   403       403    403   403       403    403     403
  disable a client                          200   200   403   403       403    403   403       403    403     403
  enable a client                           200   200   403   403       403    403   403       403    403     403
  disable a super admin                     200   403   403   403       403    403   403       403    403     403
  disable self                              409   409   403   403       403    403   403       403    403     403
  enable self                               409   409   403   403       403    403   403       403    403     403
  count users by role                       200   200   403   403       403    403   403       403    403     403
  read recent changes                       200   200   403   403       403    403   403       403    403     403
  read recent changes about client          200   200   403   403       403    403   403       403    403     403
  list enrollments                          200   200   200   200       200    200   200       403    200     403
  list client's enrollments                 200   200   200   200       200    200   200       403    403     403
  list nurse's enrollments                  403   403   403   403       403    403   403       403    403     403
  enroll client                             201   201   201   201       201    201   201       403    403     403
  enroll nurse                              403   403   403   403       403    403   403       403    403     403
  change client's enrollment                200   200   200   200       200    200   200       403    403     403
  delete client's enrollment                204   204   204   204       204    204   204       403    403     403
  list the tests catalogue                  200   403   200   200       200    200   200       403    200     403
  list free slots                           200   403   200   200       200    200   200       403    200     403
  list support threads                      200   403   200   200       200    200   200       403    200     403
  start a support thread                    403   403   403   403       403    403   403       403    201     403
  read client2's support thread             200   403   200   200       200    200   200       403    200     403
  answer client2's support thread           201   403   201   201       201    201   201       403    201     403
  search clients                            200   403   200   200       200    200   200       403    403     403
  read client's alerts                      200   403   200   200       200    200   200       403    403     403
  read nurse's alerts                       403   403   403   403       403    403   403       403    403     403
  list programs                             200   403   200   200       200    200   200       403    403     403
  list client's program progress            200   403   200   200       200    200   200       403    403     403
  read a program                            200   403   200   200       200    200   200       403    403     403
`;

/** Reads the table above: one row per case, one column per actor. */
function parseExpectations(text: string): Map<string, Record<Actor, number>> {
  const [header, ...rows] = text
    .trim()
    .split('\n')
    .map((line) => line.trim());
  const columns = header!.split(/\s+/).slice(1);
  expect(columns).toEqual(ACTORS);
  return new Map(
    rows.map((row) => {
      const cells = row.split(/\s{2,}|\s(?=\d{3}\b)/).filter(Boolean);
      const statuses = cells.slice(1).map(Number);
      expect(statuses, row).toHaveLength(ACTORS.length);
      return [cells[0]!, Object.fromEntries(ACTORS.map((actor, i) => [actor, statuses[i]!])) as Record<Actor, number>];
    }),
  );
}

const ROLE_OF: Record<Actor, Schemas['Role']> = {
  super: 'SUPER_ADMIN',
  admin: 'ADMIN',
  nurse: 'NURSE',
  reception: 'RECEPTION',
  doctor: 'DOCTOR',
  coach: 'HEALTH_COACH',
  nutrition: 'NUTRITIONIST',
  client: 'CLIENT',
  client2: 'CLIENT',
  norole: 'CLIENT',
};

let clientEnrollmentId: string;
/** A thread client2 started (at its own clinic, Thrive Bengaluru, where the staff accounts work). */
let client2ThreadId: string;
let slotsQuery: string;
/** Accounts the disable cases act on; each is enabled again after a case that disabled it. */
let clientToDisable: string;
let superAdminToDisable: string;

/** A user for one actor to delete (or disable), made by the super admin. */
async function createVictim(label: string, role: Schemas['Role'] = 'CLIENT'): Promise<string> {
  const created = await api<Schemas['UserDetail']>('POST', '/users/users', {
    as: 'super',
    body: { email: `matrix-victim-${label}@thrive.test`, first_name: 'Victim', last_name: label, role },
  });
  expect(created.status).toBe(201);
  return created.body.Username;
}

async function createClientEnrollment(): Promise<string> {
  const created = await api<Schemas['Enrollment']>('POST', '/users/user-program-enrollments', {
    as: 'super',
    body: { user: idOf('client'), program: 'longevity', start_date: '2026-03-01' },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function createClient2Thread(): Promise<string> {
  const id = randomUUID();
  const created = await api('POST', '/support/threads', {
    as: 'client2',
    body: { id, message_id: randomUUID(), subject: 'Access matrix', text: 'Who may read this?' },
  });
  expect(created.status).toBe(201);
  return id;
}

/** Free times of the first test at the first clinic, over the next week. */
async function slotsQueryOfAService(): Promise<string> {
  const [clinics, tests] = await Promise.all([
    api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' }),
    api<Schemas['TestList']>('GET', '/tests', { as: 'reception' }),
  ]);
  const from = new Date();
  return new URLSearchParams({
    service: tests.body.results[0]!.service_id,
    clinic: clinics.body.results[0]!.id,
    from: from.toISOString(),
    to: new Date(from.getTime() + 7 * 86_400_000).toISOString(),
  }).toString();
}

const city = { city: 'Mysuru' };

/** Sets `id` enabled or not as `as`; a disable that went through is undone by the super admin at once. */
async function setEnabledAndUndo(as: Actor, id: string, enabled: boolean): Promise<ApiAnswer<unknown>> {
  const answer = await api('PATCH', `/users/users/${id}`, { as, body: { enabled } });
  if (answer.status === 200 && !enabled) {
    const undone = await api('PATCH', `/users/users/${id}`, { as: 'super', body: { enabled: true } });
    expect(undone.status).toBe(200);
  }
  return answer;
}

const REQUESTS: Record<string, (actor: Actor) => Promise<ApiAnswer<unknown>>> = {
  'list users': (as) => api('GET', '/users/users', { as }),
  'list users with role NURSE': (as) => api('GET', '/users/users?role=NURSE', { as }),
  'read own user': (as) => api('GET', `/users/users/${idOf(as)}`, { as }),
  "read client's user": (as) => api('GET', `/users/users/${idOf('client')}`, { as }),
  "read client2's user": (as) => api('GET', `/users/users/${idOf('client2')}`, { as }),
  "read nurse's user": (as) => api('GET', `/users/users/${idOf('nurse')}`, { as }),
  "read admin's user": (as) => api('GET', `/users/users/${idOf('admin')}`, { as }),
  "read super's user": (as) => api('GET', `/users/users/${idOf('super')}`, { as }),
  "read norole's user": (as) => api('GET', `/users/users/${idOf('norole')}`, { as }),
  'read a user that does not exist': (as) => api('GET', '/users/users/00000000-0000-4000-8000-00000000dead', { as }),
  'read own profile': (as) => api('GET', `/users/user-profiles/${idOf(as)}`, { as }),
  "read client's profile": (as) => api('GET', `/users/user-profiles/${idOf('client')}`, { as }),
  "read nurse's profile": (as) => api('GET', `/users/user-profiles/${idOf('nurse')}`, { as }),
  "read admin's profile": (as) => api('GET', `/users/user-profiles/${idOf('admin')}`, { as }),
  'change own city': (as) => api('PATCH', `/users/user-profiles/${idOf(as)}`, { ifMatch: CURRENT, as, body: city }),
  "change client's city": (as) =>
    api('PATCH', `/users/user-profiles/${idOf('client')}`, { ifMatch: CURRENT, as, body: city }),
  "change client2's city": (as) =>
    api('PATCH', `/users/user-profiles/${idOf('client2')}`, { ifMatch: CURRENT, as, body: city }),
  "change nurse's city": (as) =>
    api('PATCH', `/users/user-profiles/${idOf('nurse')}`, { ifMatch: CURRENT, as, body: city }),
  "change super's city": (as) =>
    api('PATCH', `/users/user-profiles/${idOf('super')}`, { ifMatch: CURRENT, as, body: city }),
  "change client's first name": (as) =>
    api('PATCH', `/users/user-profiles/${idOf('client')}`, { ifMatch: CURRENT, as, body: { first_name: 'Priya' } }),
  "change client's story": (as) =>
    api('PATCH', `/users/user-profiles/${idOf('client')}`, {
      ifMatch: CURRENT,
      as,
      body: { client_story: `Told to ${as}` },
    }),
  "change client's ABHA number": (as) =>
    api('PATCH', `/users/user-profiles/${idOf('client')}`, {
      ifMatch: CURRENT,
      as,
      body: { abha_number: '12345678901234' },
    }),
  // The role it already has: allowed or not, nothing changes for the cases after it.
  "change client's role": (as) =>
    api('PATCH', `/users/user-profiles/${idOf('client')}`, { ifMatch: CURRENT, as, body: { role: 'CLIENT' } }),
  'change own role': (as) =>
    api('PATCH', `/users/user-profiles/${idOf(as)}`, { ifMatch: CURRENT, as, body: { role: ROLE_OF[as] } }),
  'make client2 a super admin': async (as) => {
    const answer = await api('PATCH', `/users/user-profiles/${idOf('client2')}`, {
      ifMatch: CURRENT,
      as,
      body: { role: 'SUPER_ADMIN' },
    });
    // Only the super admin may grant it; undone at once so the cases after this one see a client.
    if (answer.status === 200) {
      await api('PATCH', `/users/user-profiles/${idOf('client2')}`, {
        ifMatch: CURRENT,
        as: 'super',
        body: { role: 'CLIENT' },
      });
      // A new role ends the user's sessions: client2 signs in again.
      await signInAgain('client2');
    }
    return answer;
  },
  'create a client': (as) =>
    api('POST', '/users/users', {
      as,
      body: { email: `matrix-client-by-${as}@thrive.test`, first_name: 'Made', last_name: `By ${as}`, role: 'CLIENT' },
    }),
  'create a super admin': (as) =>
    api('POST', '/users/users', {
      as,
      body: {
        email: `matrix-super-by-${as}@thrive.test`,
        first_name: 'Made',
        last_name: `By ${as}`,
        role: 'SUPER_ADMIN',
      },
    }),
  'delete a client': async (as) => api('DELETE', `/users/users/${await createVictim(as)}`, { as }),
  'delete self': (as) => api('DELETE', `/users/users/${idOf(as)}`, { as }),
  'disable a client': (as) => setEnabledAndUndo(as, clientToDisable, false),
  'enable a client': (as) => setEnabledAndUndo(as, clientToDisable, true),
  'disable a super admin': (as) => setEnabledAndUndo(as, superAdminToDisable, false),
  'disable self': (as) => setEnabledAndUndo(as, idOf(as), false),
  'enable self': (as) => setEnabledAndUndo(as, idOf(as), true),
  'count users by role': (as) => api('GET', '/users/role-counts', { as }),
  'read recent changes': (as) => api('GET', '/users/audit-events', { as }),
  'read recent changes about client': (as) =>
    api('GET', `/users/audit-events?subject_id=${idOf('client')}&kind=change`, { as }),
  'list enrollments': (as) => api('GET', '/users/user-program-enrollments', { as }),
  "list client's enrollments": (as) => api('GET', `/users/user-program-enrollments?user=${idOf('client')}`, { as }),
  "list nurse's enrollments": (as) => api('GET', `/users/user-program-enrollments?user=${idOf('nurse')}`, { as }),
  'enroll client': (as) =>
    api('POST', '/users/user-program-enrollments', {
      as,
      body: { user: idOf('client'), program: 'metabolic_reset', start_date: '2026-02-01' },
    }),
  'enroll nurse': (as) =>
    api('POST', '/users/user-program-enrollments', {
      as,
      body: { user: idOf('nurse'), program: 'metabolic_reset', start_date: '2026-02-01' },
    }),
  "change client's enrollment": (as) =>
    // Its plan (the care team's notes are not ADMIN's: resource-access.test.ts goes field by field).
    api('PATCH', `/users/user-program-enrollments/${clientEnrollmentId}`, {
      ifMatch: CURRENT,
      as,
      body: { status: 'active' },
    }),
  "delete client's enrollment": async (as) =>
    api('DELETE', `/users/user-program-enrollments/${await createClientEnrollment()}`, { as }),
  'list the tests catalogue': (as) => api('GET', '/tests', { as }),
  'list free slots': (as) => api('GET', `/slots?${slotsQuery}`, { as }),
  'list support threads': (as) => api('GET', '/support/threads', { as }),
  'start a support thread': (as) =>
    api('POST', '/support/threads', {
      as,
      body: { id: randomUUID(), message_id: randomUUID(), subject: `From ${as}`, text: 'A question.' },
    }),
  "read client2's support thread": (as) => api('GET', `/support/threads/${client2ThreadId}`, { as }),
  "answer client2's support thread": (as) =>
    api('POST', `/support/threads/${client2ThreadId}/messages`, {
      as,
      body: { id: randomUUID(), text: `${as} here.` },
    }),
  'search clients': (as) => api('POST', '/clients/search', { as, body: { q: 'client' } }),
  "read client's alerts": (as) => api('GET', `/clients/${idOf('client')}/alerts`, { as }),
  "read nurse's alerts": (as) => api('GET', `/clients/${idOf('nurse')}/alerts`, { as }),
  'list programs': (as) => api('GET', '/programs', { as }),
  "list client's program progress": (as) => api('GET', `/programs?client=${idOf('client')}`, { as }),
  // Longevity (its id is fixed by migration 008).
  'read a program': (as) => api('GET', '/programs/185102c3-94f6-4ef1-af30-51e359c2f26f', { as }),
};

const EXPECTED = parseExpectations(EXPECTED_TEXT);

describe('access by role', () => {
  beforeAll(async () => {
    [clientEnrollmentId, clientToDisable, superAdminToDisable, client2ThreadId, slotsQuery] = await Promise.all([
      createClientEnrollment(),
      createVictim('to-disable'),
      createVictim('super-to-disable', 'SUPER_ADMIN'),
      createClient2Thread(),
      slotsQueryOfAService(),
    ]);
  });

  it('has a request for every case in the table, and a row for every request', () => {
    expect([...EXPECTED.keys()].sort()).toEqual(Object.keys(REQUESTS).sort());
  });

  describe.each([...EXPECTED.entries()])('%s', (name, expected) => {
    it.each(ACTORS)(`as %s`, async (actor) => {
      const answer = await REQUESTS[name]!(actor);
      expect(answer.status, JSON.stringify(answer.body)).toBe(expected[actor]);
      // A refusal is a problem+json naming its status.
      if (answer.status < 400) return;
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body).toMatchObject({ status: answer.status });
    });
  });

  it('answers norole with its identity attributes and no profile', async () => {
    const answer = await api<Schemas['UserDetail']>('GET', `/users/users/${idOf('norole')}`, { as: 'norole' });
    expect(answer.body.Profile).toBeNull();
    expect(answer.body.UserAttributes).toContainEqual({ Name: 'email', Value: 'norole@thrive.test' });
  });

  it('shows staff only clients in the user list', async () => {
    const answer = await api<Schemas['UserList']>('GET', '/users/users?page_size=200', { as: 'nurse' });
    expect(answer.body.results.length).toBeGreaterThan(0);
    expect(new Set(answer.body.results.map((user) => user.role))).toEqual(new Set(['CLIENT']));
  });

  it('shows a client only its own enrollments when it names no user', async () => {
    const answer = await api<Schemas['EnrollmentList']>('GET', '/users/user-program-enrollments', { as: 'client2' });
    expect(answer.body.count).toBeGreaterThan(0);
    expect(new Set(answer.body.results.map((enrollment) => enrollment.user))).toEqual(new Set([idOf('client2')]));
  });
});
