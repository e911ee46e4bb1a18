/**
 * Input is checked against the contract before anything is written: a bad
 * value or an unknown field is a 400 problem naming the field, and the record
 * reads back unchanged.
 */
import { describe, expect, it } from 'vitest';
import { api, idOf, type Problem, type Schemas, CURRENT } from '../support/api-client.ts';

type Profile = Schemas['Profile'];

async function clientProfile(): Promise<Profile> {
  const answer = await api<Profile>('GET', `/users/user-profiles/${idOf('client2')}`, { as: 'nurse' });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function expectRefusedProfilePatch(body: unknown, fields: string[]) {
  const before = await clientProfile();
  const answer = await api<Problem>('PATCH', `/users/user-profiles/${idOf('client2')}`, {
    ifMatch: CURRENT,
    as: 'nurse',
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
  expect(answer.body.errors?.map((error) => error.field).sort()).toEqual([...fields].sort());
  for (const error of answer.body.errors ?? []) expect(error.message).not.toBe('');
  expect(await clientProfile()).toEqual(before);
}

describe('request validation', () => {
  it('refuses a phone number that is not E.164, naming body.phone_number', async () => {
    await expectRefusedProfilePatch({ phone_number: '98450 12345' }, ['body.phone_number']);
  });

  it('takes a photo address only over https (a page shows it as an image)', async () => {
    for (const address of ['http://photos.thrive.test/a.jpg', 'javascript:alert(1)', 'data:image/png;base64,AAAA']) {
      await expectRefusedProfilePatch({ profile_picture: address }, ['body.profile_picture']);
    }
    const photo = await api<Profile>('PATCH', `/users/user-profiles/${idOf('client2')}`, {
      ifMatch: CURRENT,
      as: 'super',
      body: { profile_picture: 'https://photos.thrive.test/a.jpg' },
    });
    expect(photo.status).toBe(200);
    expect(photo.body.profile_picture).toBe('https://photos.thrive.test/a.jpg');
  });

  it('refuses unknown fields instead of ignoring them', async () => {
    await expectRefusedProfilePatch({ city: 'Pune', is_admin: true }, ['body.is_admin']);
  });

  it('refuses fields the API keeps for itself (ids, e-mail, version, timestamps)', async () => {
    await expectRefusedProfilePatch({ email: 'someone@else.test' }, ['body.email']);
    await expectRefusedProfilePatch({ version: 99 }, ['body.version']);
    await expectRefusedProfilePatch({ client_id: idOf('client') }, ['body.client_id']);
  });

  it('names every field at fault at once', async () => {
    await expectRefusedProfilePatch(
      { gender: 'X', date_of_birth: '1986-02-30', appointment_duration: '25:00:00', aadhar_number: '1234' },
      ['body.gender', 'body.date_of_birth', 'body.appointment_duration', 'body.aadhar_number'],
    );
  });

  it('refuses wrong types, too-long text and oversized histories', async () => {
    await expectRefusedProfilePatch({ hipaa_consent: 'yes' }, ['body.hipaa_consent']);
    await expectRefusedProfilePatch({ first_name: '' }, ['body.first_name']);
    await expectRefusedProfilePatch({ city: 'x'.repeat(201) }, ['body.city']);
    await expectRefusedProfilePatch({ lifestyle_history: { notes: 'x'.repeat(4001), diabetes: 'maybe' } }, [
      'body.lifestyle_history.notes',
      'body.lifestyle_history.diabetes',
    ]);
    await expectRefusedProfilePatch({ lifestyle_history: { sleep_hours: 6.3 } }, [
      'body.lifestyle_history.sleep_hours',
    ]);
    await expectRefusedProfilePatch({ family_history: { relatives: [{ relative: 'cousin', conditions: ['gout'] }] } }, [
      'body.family_history.relatives.0.relative',
      'body.family_history.relatives.0.conditions.0',
    ]);
    await expectRefusedProfilePatch({ family_history: [] }, ['body.family_history']);
    await expectRefusedProfilePatch({ role: 'OWNER' }, ['body.role']);
  });

  it('refuses an empty change', async () => {
    await expectRefusedProfilePatch({}, ['body']);
  });

  it('refuses a body that is not JSON', async () => {
    await expectRefusedProfilePatch('{"city": ', ['body']);
  });

  it('refuses a body sent without a JSON content type, and one too large to be a form', async () => {
    const before = await clientProfile();
    const plain = await api<Problem>('PATCH', `/users/user-profiles/${idOf('client2')}`, {
      ifMatch: CURRENT,
      as: 'nurse',
      body: JSON.stringify({ city: 'Pune' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(plain.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const huge = await api<Problem>('PATCH', `/users/user-profiles/${idOf('client2')}`, {
      ifMatch: CURRENT,
      as: 'nurse',
      body: { client_story: 'x'.repeat(100_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await clientProfile()).toEqual(before);
  });

  it('refuses an id that is not a UUID, naming path.id', async () => {
    const answer = await api<Problem>('GET', '/users/user-profiles/12345', { as: 'super' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual(expect.objectContaining({ field: 'path.id' }));
  });

  it('refuses bad and unknown query parameters', async () => {
    const badPage = await api<Problem>('GET', '/users/users?page=0', { as: 'admin' });
    expect(badPage.status).toBe(400);
    expect(badPage.body.errors).toContainEqual(expect.objectContaining({ field: 'query.page' }));
    const unknown = await api<Problem>('GET', '/users/users?limit=10', { as: 'admin' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual(expect.objectContaining({ field: 'query.limit' }));
    const badRole = await api<Problem>('GET', '/users/users?role=OWNER', { as: 'admin' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors).toContainEqual(expect.objectContaining({ field: 'query.role' }));
  });

  it('refuses a user without the required fields or with a bad e-mail, and creates nothing', async () => {
    const answer = await api<Problem>('POST', '/users/users', {
      as: 'admin',
      body: { email: 'not-an-email', first_name: 'Nobody' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.field).sort()).toEqual([
      'body.email',
      'body.last_name',
      'body.role',
    ]);
    const search = await api<Schemas['UserList']>('POST', '/users/users/search', {
      as: 'admin',
      body: { search: 'not-an-email' },
    });
    expect(search.body.count).toBe(0);
  });

  it('refuses an enrollment with an unknown program, or one that ends before it starts', async () => {
    const before = await api<Schemas['EnrollmentList']>(
      'GET',
      `/users/user-program-enrollments?user=${idOf('client2')}`,
      {
        as: 'nurse',
      },
    );
    const unknownProgram = await api<Problem>('POST', '/users/user-program-enrollments', {
      as: 'nurse',
      body: { user: idOf('client2'), program: 'juice_cleanse', start_date: '2026-01-01' },
    });
    expect(unknownProgram.status).toBe(400);
    expect(unknownProgram.body.errors).toContainEqual(expect.objectContaining({ field: 'body.program' }));
    const backwards = await api<Problem>('POST', '/users/user-program-enrollments', {
      as: 'nurse',
      body: { user: idOf('client2'), program: 'longevity', start_date: '2026-05-01', end_date: '2026-04-30' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([expect.objectContaining({ field: 'body.end_date' })]);
    const after = await api<Schemas['EnrollmentList']>(
      'GET',
      `/users/user-program-enrollments?user=${idOf('client2')}`,
      {
        as: 'nurse',
      },
    );
    expect(after.body).toEqual(before.body);
  });

  it('refuses a change that would make an enrollment end before it starts, and keeps it', async () => {
    const created = await api<Schemas['Enrollment']>('POST', '/users/user-program-enrollments', {
      as: 'doctor',
      body: { user: idOf('client2'), program: 'iv_wellness', start_date: '2026-06-01' },
    });
    expect(created.body.status).toBe('active');
    const answer = await api<Problem>('PATCH', `/users/user-program-enrollments/${created.body.id}`, {
      ifMatch: CURRENT,
      as: 'doctor',
      body: { end_date: '2026-05-31', status: 'completed' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'body.end_date' })]);
    const list = await api<Schemas['EnrollmentList']>(
      'GET',
      `/users/user-program-enrollments?user=${idOf('client2')}&page_size=500`,
      {
        as: 'doctor',
      },
    );
    expect(list.body.results.find((enrollment) => enrollment.id === created.body.id)).toEqual(created.body);
  });

  it('answers unknown paths and methods with problems too', async () => {
    const unknownPath = await api<Problem>('GET', '/users/nothing-here', { as: 'admin' });
    expect(unknownPath.status).toBe(404);
    expect(unknownPath.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const wrongMethod = await api<Problem>('PUT', `/users/user-profiles/${idOf('client')}`, { as: 'admin', body: {} });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
