/**
 * Every change reaches the server once: Idempotency-Key replays, reused keys,
 * If-Match (412 stale, 428 missing), the author and device of each write, and
 * a change whose answer was lost on the way back.
 */
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessToken, api, idOf, stack, type Problem, type Schemas } from '../support/api-client.ts';

type Enrollment = Schemas['Enrollment'];
type EnrollmentList = Schemas['EnrollmentList'];
type AuditEventList = Schemas['AuditEventList'];

const PATH = '/users/user-program-enrollments';

/** A new enrollment's body for client2, with a note that names this test's change. */
function newEnrollment(note: string) {
  return { user: idOf('client2'), program: 'longevity', start_date: '2026-08-01', notes: note };
}

async function enrollmentsNoted(note: string): Promise<Enrollment[]> {
  const list = await api<EnrollmentList>('GET', `${PATH}?user=${idOf('client2')}&page_size=100`, { as: 'nurse' });
  return list.body.results.filter((enrollment) => enrollment.notes === note);
}

describe('Idempotency-Key', () => {
  it('applies a change once: the retry gets the same status and body, and changes nothing', async () => {
    const key = randomUUID();
    const note = `once ${key}`;
    const first = await api<Enrollment>('POST', PATH, {
      as: 'nurse',
      body: newEnrollment(note),
      headers: { 'idempotency-key': key },
    });
    const retry = await api<Enrollment>('POST', PATH, {
      as: 'nurse',
      body: newEnrollment(note),
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await enrollmentsNoted(note)).toHaveLength(1);
  });

  it('refuses the same key with another body (422) and writes nothing', async () => {
    const key = randomUUID();
    const first = await api('POST', PATH, {
      as: 'nurse',
      body: newEnrollment(`a ${key}`),
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    const other = await api<Problem>('POST', PATH, {
      as: 'nurse',
      body: newEnrollment(`b ${key}`),
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(422);
    expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(other.body.errors?.[0]?.field).toBe('header.idempotency-key');
    expect(await enrollmentsNoted(`b ${key}`)).toEqual([]);
  });

  it('keeps keys per caller: another caller with the same key makes its own change', async () => {
    const key = randomUUID();
    const note = `two callers ${key}`;
    const nurse = await api('POST', PATH, {
      as: 'nurse',
      body: newEnrollment(note),
      headers: { 'idempotency-key': key },
    });
    const coach = await api('POST', PATH, {
      as: 'coach',
      body: newEnrollment(note),
      headers: { 'idempotency-key': key },
    });
    expect([nurse.status, coach.status]).toEqual([201, 201]);
    expect(await enrollmentsNoted(note)).toHaveLength(2);
  });

  it('applies ten simultaneous sends of one change once, and answers all of them alike', async () => {
    const key = randomUUID();
    const note = `together ${key}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api<Enrollment>('POST', PATH, { as: 'nurse', body: newEnrollment(note), headers: { 'idempotency-key': key } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await enrollmentsNoted(note)).toHaveLength(1);
  });

  it('applies a change once when the server committed it but the answer never arrived', async () => {
    const key = randomUUID();
    const note = `lost answer ${key}`;
    const body = JSON.stringify(newEnrollment(note));
    const token = await accessToken('nurse');
    // Send the request and drop the connection before any answer comes back, as a tablet losing Wi-Fi would.
    await new Promise<void>((resolve) => {
      const url = new URL(`${stack.apiUrl}${PATH}`);
      const sent = request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': key,
        },
      });
      sent.on('error', () => resolve());
      sent.end(body, () => {
        sent.destroy();
        resolve();
      });
    });
    // The device does not know whether it went through, and sends the change again.
    await expect
      .poll(async () => {
        const retry = await api<Enrollment>('POST', PATH, {
          as: 'nurse',
          body: newEnrollment(note),
          headers: { 'idempotency-key': key },
        });
        return retry.status;
      })
      .toBe(201);
    expect(await enrollmentsNoted(note)).toHaveLength(1);
  });

  it('refuses a key that is not a UUID', async () => {
    const answer = await api<Problem>('POST', PATH, {
      as: 'nurse',
      body: newEnrollment('bad key'),
      headers: { 'idempotency-key': 'not-a-uuid' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe('header.idempotency-key');
  });
});

describe('If-Match on an enrollment', () => {
  async function created(note: string): Promise<Enrollment> {
    return (await api<Enrollment>('POST', PATH, { as: 'nurse', body: newEnrollment(note) })).body;
  }

  it('applies a change made from the current version and moves the version on', async () => {
    const enrollment = await created('current');
    const changed = await api<Enrollment>('PATCH', `${PATH}/${enrollment.id}`, {
      as: 'nurse',
      ifMatch: `"${enrollment.version}"`,
      body: { status: 'paused' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.version).toBe(enrollment.version + 1);
    expect(changed.headers.get('etag')).toBe(`"${enrollment.version + 1}"`);
  });

  it('refuses a stale version with 412 and the current version, writing nothing', async () => {
    const enrollment = await created('stale');
    await api('PATCH', `${PATH}/${enrollment.id}`, {
      as: 'coach',
      ifMatch: `"${enrollment.version}"`,
      body: { status: 'paused' },
    });
    const stale = await api<Problem>('PATCH', `${PATH}/${enrollment.id}`, {
      as: 'nurse',
      ifMatch: `"${enrollment.version}"`,
      body: { status: 'completed' },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.current_version).toBe(enrollment.version + 1);
    const [now] = await enrollmentsNoted('stale');
    expect(now?.status).toBe('paused');
  });

  it('refuses a change without If-Match with 428, writing nothing', async () => {
    const enrollment = await created('unconditional');
    const answer = await api<Problem>('PATCH', `${PATH}/${enrollment.id}`, {
      as: 'nurse',
      body: { status: 'completed' },
    });
    expect(answer.status).toBe(428);
    expect(answer.body.errors).toEqual([{ field: 'header.if-match', message: 'is required' }]);
    const [now] = await enrollmentsNoted('unconditional');
    expect(now?.status).toBe('active');
  });
});

describe('the author and device of a write', () => {
  it('is the token’s subject, never a body field, and the device the request names', async () => {
    const named = await api<Problem>('POST', PATH, {
      as: 'nurse',
      body: { ...newEnrollment('named author'), created_by: idOf('doctor') },
    });
    expect(named.status).toBe(400);
    expect(named.body.errors?.map((error) => error.field)).toContain('body.created_by');
    expect(await enrollmentsNoted('named author')).toEqual([]);

    const device = randomUUID();
    const made = await api<Enrollment>('POST', PATH, {
      as: 'nurse',
      body: newEnrollment('authored'),
      headers: { 'x-thrive-device': device },
    });
    expect(made.body.created_by).toBe(idOf('nurse'));
    const changed = await api<Enrollment>('PATCH', `${PATH}/${made.body.id}`, {
      as: 'coach',
      ifMatch: `"${made.body.version}"`,
      body: { status: 'paused' },
    });
    expect(changed.body).toMatchObject({ created_by: idOf('nurse'), updated_by: idOf('coach') });

    const trail = await api<AuditEventList>('GET', `/users/audit-events?subject_id=${idOf('client2')}&kind=change`, {
      as: 'super',
    });
    const creation = trail.body.results.find(
      (event) => event.action === 'enrollments.create' && event.resource_id === made.body.id,
    );
    expect(creation).toMatchObject({ actor_id: idOf('nurse'), device_id: device, outcome: 'success' });
  });

  it('refuses a device id that is not a UUID', async () => {
    const answer = await api<Problem>('GET', `/users/users/${idOf('client2')}`, {
      as: 'nurse',
      headers: { 'x-thrive-device': 'tablet-3' },
    });
    expect(answer.status).toBe(400);
  });
});
