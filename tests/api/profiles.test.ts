/**
 * Profiles: versions and If-Match, the client's own HIPAA consent, what a
 * client may change of its own profile, and role changes reaching the
 * identity service.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { accessToken, api, idOf, identityCall, type Problem, type Schemas, CURRENT } from '../support/api-client.ts';

type Profile = Schemas['Profile'];

const profilePath = (actor: 'client' | 'client2' | 'nurse') => `/users/user-profiles/${idOf(actor)}`;

describe('profile versions', () => {
  it('answers the version as a strong ETag and moves it on with every change', async () => {
    const read = await api<Profile>('GET', profilePath('client2'), { as: 'client2' });
    expect(read.headers.get('etag')).toBe(`"${read.body.version}"`);
    const changed = await api<Profile>('PATCH', profilePath('client2'), {
      as: 'client2',
      body: { health_goals: 'Sleep seven hours' },
      headers: { 'if-match': read.headers.get('etag')! },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.version).toBe(read.body.version + 1);
    expect(changed.headers.get('etag')).toBe(`"${read.body.version + 1}"`);
    expect(changed.body.health_goals).toBe('Sleep seven hours');
  });

  it('lets exactly one of two edits of the same version through; the other gets 412 and changes nothing', async () => {
    const read = await api<Profile>('GET', profilePath('client'), { as: 'nurse' });
    const etag = read.headers.get('etag')!;
    const [first, second] = await Promise.all([
      api<Profile | Problem>('PATCH', profilePath('client'), {
        as: 'nurse',
        body: { health_goals: 'Swim in Chennai' },
        headers: { 'if-match': etag },
      }),
      api<Profile | Problem>('PATCH', profilePath('client'), {
        as: 'doctor',
        body: { health_goals: 'Walk in Kochi' },
        headers: { 'if-match': etag },
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 412]);
    const winner = (first.status === 200 ? first : second).body as Profile;
    const loser = (first.status === 412 ? first : second) as { body: Problem; headers: Headers };
    expect(loser.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(loser.body.detail).toContain(`version ${read.body.version + 1}`);
    expect(loser.headers.get('etag')).toBe(`"${read.body.version + 1}"`);
    const after = await api<Profile>('GET', profilePath('client'), { as: 'nurse' });
    expect(after.body).toEqual(winner);
  });

  it('refuses a stale version (412, nothing written) and a change without a version (428), "*" included', async () => {
    const read = await api<Profile>('GET', profilePath('client'), { as: 'reception' });
    const stale = await api<Problem>('PATCH', profilePath('client'), {
      as: 'reception',
      body: { occupation: 'Teacher' },
      headers: { 'if-match': `"${read.body.version - 1}"` },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.detail).toContain(`version ${read.body.version}`);
    expect(stale.body.current_version).toBe(read.body.version);
    expect(stale.headers.get('etag')).toBe(`"${read.body.version}"`);
    expect((await api<Profile>('GET', profilePath('client'), { as: 'reception' })).body).toEqual(read.body);
    const weak = await api('PATCH', profilePath('client'), {
      as: 'reception',
      body: { occupation: 'Teacher' },
      headers: { 'if-match': `W/"${read.body.version}"` },
    });
    expect(weak.status).toBe(412);
    const any = await api<Problem>('PATCH', profilePath('client'), {
      as: 'reception',
      body: { occupation: 'Teacher' },
      headers: { 'if-match': '*' },
    });
    expect(any.status).toBe(428);
    expect(any.body.errors).toEqual([
      { field: 'header.if-match', message: 'must name a version (the ETag you read), not *' },
    ]);
    const named = await api('PATCH', profilePath('client'), {
      as: 'reception',
      body: { occupation: 'Teacher' },
      headers: { 'if-match': `"${read.body.version}"` },
    });
    expect(named.status).toBe(200);
    const unconditional = await api<Problem>('PATCH', profilePath('client'), {
      as: 'reception',
      body: { occupation: 'Engineer' },
    });
    expect(unconditional.status).toBe(428);
    expect(unconditional.body.errors).toEqual([{ field: 'header.if-match', message: 'is required' }]);
    expect((await api<Profile>('GET', profilePath('client'), { as: 'reception' })).body.occupation).toBe('Teacher');
  });
});

describe('HIPAA consent by the client', () => {
  const now = () => new Date().toISOString();

  // client@ is the demo client who has not consented; the clinic records a withdrawal to leave it so.
  afterAll(async () => {
    const withdrawn = await api('PATCH', profilePath('client'), {
      ifMatch: CURRENT,
      as: 'reception',
      body: { hipaa_consent: false, hipaa_consent_date: null, hipaa_consent_version: null },
    });
    if (withdrawn.status !== 200) throw new Error(`Restoring client@ answered ${withdrawn.status}`);
  });

  async function expectConsentRefused(body: object, fields: string[]) {
    const before = await api<Profile>('GET', profilePath('client'), { as: 'client' });
    const answer = await api<Problem>('PATCH', profilePath('client'), { ifMatch: CURRENT, as: 'client', body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.errors?.map((error) => error.field).sort()).toEqual([...fields].sort());
    expect((await api<Profile>('GET', profilePath('client'), { as: 'client' })).body).toEqual(before.body);
  }

  it('refuses consent that is not true, version 1.0 and dated now', async () => {
    await expectConsentRefused({ hipaa_consent: true, hipaa_consent_version: '0.9', hipaa_consent_date: now() }, [
      'body.hipaa_consent_version',
    ]);
    await expectConsentRefused(
      { hipaa_consent: true, hipaa_consent_version: '1.0', hipaa_consent_date: '2024-01-01T00:00:00Z' },
      ['body.hipaa_consent_date'],
    );
    await expectConsentRefused({ hipaa_consent: true }, ['body.hipaa_consent_date', 'body.hipaa_consent_version']);
  });

  it('records the consent the modal sends', async () => {
    const givenAt = now();
    const answer = await api<Profile>('PATCH', profilePath('client'), {
      ifMatch: CURRENT,
      as: 'client',
      body: { hipaa_consent: true, hipaa_consent_date: givenAt, hipaa_consent_version: '1.0' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ hipaa_consent: true, hipaa_consent_version: '1.0' });
    expect(Date.parse(answer.body.hipaa_consent_date!)).toBe(Date.parse(givenAt));
  });

  it('does not let a client withdraw or back-date its consent (that goes through the clinic, in writing)', async () => {
    await expectConsentRefused({ hipaa_consent: false, hipaa_consent_version: '1.0', hipaa_consent_date: now() }, [
      'body.hipaa_consent',
    ]);
    await expectConsentRefused({ hipaa_consent_date: '2020-01-01T00:00:00Z' }, [
      'body.hipaa_consent',
      'body.hipaa_consent_date',
      'body.hipaa_consent_version',
    ]);
  });

  it("does not let a client touch another client's consent", async () => {
    const answer = await api<Problem>('PATCH', profilePath('client2'), {
      ifMatch: CURRENT,
      as: 'client',
      body: { hipaa_consent: true, hipaa_consent_date: now(), hipaa_consent_version: '1.0' },
    });
    expect(answer.status).toBe(403);
  });

  it('lets staff record a written withdrawal', async () => {
    const withdrawn = await api<Profile>('PATCH', profilePath('client2'), {
      ifMatch: CURRENT,
      as: 'reception',
      body: { hipaa_consent: false, hipaa_consent_date: null, hipaa_consent_version: null },
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.hipaa_consent).toBe(false);
    const given = await api<Profile>('PATCH', profilePath('client2'), {
      ifMatch: CURRENT,
      as: 'client2',
      body: { hipaa_consent: true, hipaa_consent_date: new Date().toISOString(), hipaa_consent_version: '1.0' },
    });
    expect(given.body.hipaa_consent).toBe(true);
  });
});

describe("a client's own profile", () => {
  it('may change its contact details, emergency contact, goals, story and histories', async () => {
    const body = {
      alternate_phone: '+919845012345',
      alternate_email: 'daniel.alt@example.test',
      preferred_contact_method: 'sms',
      address_line_1: '12 MG Road',
      zipcode: '560001',
      emergency_contact_name: 'Ada Okafor',
      emergency_contact_relation: 'Sister',
      emergency_contact_number: '+919845054321',
      health_goals: 'More energy',
      client_story: 'Long hours at a desk.',
      lifestyle_history: { sleep_hours: 6.5, tobacco: 'never', activity: 'light', diabetes: 'no' },
      family_history: { relatives: [{ relative: 'father', conditions: ['diabetes'], notes: 'from 50' }] },
    } as const;
    const answer = await api<Profile>('PATCH', profilePath('client2'), { ifMatch: CURRENT, as: 'client2', body });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject(body);
  });

  it('may not change its name, birth date, identity numbers, clinic or role, each named', async () => {
    const answer = await api<Problem>('PATCH', profilePath('client2'), {
      ifMatch: CURRENT,
      as: 'client2',
      body: {
        first_name: 'P',
        date_of_birth: '2000-01-01',
        aadhar_number: '123412341234',
        clinic: 'Elsewhere',
        role: 'ADMIN',
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errors?.map((error) => error.field).sort()).toEqual(
      ['body.aadhar_number', 'body.clinic', 'body.date_of_birth', 'body.first_name', 'body.role'].sort(),
    );
  });
});

describe('role changes', () => {
  it('changes the role in the API and the role claim the identity service gives the app', async () => {
    const created = await api<Schemas['UserDetail']>('POST', '/users/users', {
      as: 'admin',
      body: { email: 'promoted@thrive.test', first_name: 'Pia', last_name: 'Promoted', role: 'CLIENT' },
    });
    expect(created.status).toBe(201);
    const id = created.body.Username;
    const promoted = await api<Profile>('PATCH', `/users/user-profiles/${id}`, {
      ifMatch: CURRENT,
      as: 'admin',
      body: { role: 'NURSE' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('NURSE');
    const detail = await api<Schemas['UserDetail']>('GET', `/users/users/${id}`, { as: 'admin' });
    expect(detail.body.UserAttributes).toContainEqual({ Name: 'custom:role', Value: 'NURSE' });
    const listed = await api<Schemas['UserList']>('POST', '/users/users/search', {
      as: 'admin',
      body: { search: 'promoted@thrive.test' },
    });
    // Other tests make accounts whose e-mails contain this one's (gets.promoted@…): this one is listed, as a nurse.
    expect(listed.body.results.filter((user) => user.id === id)).toEqual([expect.objectContaining({ role: 'NURSE' })]);
  });

  it('gives a new profile the defaults of the contract', async () => {
    const created = await api<Schemas['UserDetail']>('POST', '/users/users', {
      as: 'super',
      body: { email: 'Defaults@Thrive.test', first_name: 'Dee', last_name: 'Faults', role: 'CLIENT' },
    });
    expect(created.status).toBe(201);
    expect(created.body.Profile).toMatchObject({
      email: 'defaults@thrive.test',
      role: 'CLIENT',
      preferred_contact_method: 'phone',
      appointment_duration: '00:30:00',
      lifestyle_history: {},
      family_history: {},
      hipaa_consent: false,
      version: 1,
    });
  });
});

describe('identity attributes', () => {
  it('are read from the identity service', async () => {
    // Changed behind the API's back, by the user at the identity service (one of the attributes it may write).
    const token = await accessToken('coach');
    const setGivenName = (value: string) =>
      identityCall('UpdateUserAttributes', {
        AccessToken: token,
        UserAttributes: [{ Name: 'given_name', Value: value }],
      });
    expect((await setGivenName('Coach K')).status).toBe(200);
    try {
      const detail = await api<Schemas['UserDetail']>('GET', `/users/users/${idOf('coach')}`, { as: 'coach' });
      expect(detail.body).toMatchObject({ Username: idOf('coach'), Enabled: true, UserStatus: 'CONFIRMED' });
      expect(detail.body.UserAttributes).toContainEqual({ Name: 'given_name', Value: 'Coach K' });
      expect(detail.body.UserAttributes).toContainEqual({ Name: 'email', Value: 'coach@thrive.test' });
    } finally {
      expect((await setGivenName('Kabir')).status).toBe(200);
    }
  });
});
