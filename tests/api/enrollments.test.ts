/** Program enrollments: the four calls, paging, and a client's own view. */
import { describe, expect, it } from 'vitest';
import { api, idOf, type Schemas, CURRENT } from '../support/api-client.ts';

type Enrollment = Schemas['Enrollment'];
type EnrollmentList = Schemas['EnrollmentList'];

describe('enrollments', () => {
  it('creates (active unless told), changes and deletes an enrollment', async () => {
    const created = await api<Enrollment>('POST', '/users/user-program-enrollments', {
      as: 'coach',
      body: {
        user: idOf('client2'),
        program: 'cognitive_performance',
        start_date: '2026-07-01',
        notes: 'Referred by Dr Rao',
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v1/users/user-program-enrollments/${created.body.id}`);
    expect(created.body).toMatchObject({
      user: idOf('client2'),
      program: 'cognitive_performance',
      status: 'active',
      start_date: '2026-07-01',
      end_date: null,
      notes: 'Referred by Dr Rao',
    });

    const changed = await api<Enrollment>('PATCH', `/users/user-program-enrollments/${created.body.id}`, {
      ifMatch: CURRENT,
      as: 'nutrition',
      body: { status: 'paused', end_date: '2026-09-30', notes: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      status: 'paused',
      end_date: '2026-09-30',
      notes: null,
      start_date: '2026-07-01',
    });
    expect(Date.parse(changed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at));

    const own = await api<EnrollmentList>('GET', `/users/user-program-enrollments?user=${idOf('client2')}`, {
      as: 'client2',
    });
    expect(own.body.results).toContainEqual(changed.body);

    expect(
      (await api('DELETE', `/users/user-program-enrollments/${created.body.id}`, { as: 'reception' })).status,
    ).toBe(204);
    expect(
      (await api('DELETE', `/users/user-program-enrollments/${created.body.id}`, { as: 'reception' })).status,
    ).toBe(404);
    const after = await api<EnrollmentList>('GET', `/users/user-program-enrollments?user=${idOf('client2')}`, {
      as: 'client2',
    });
    expect(after.body.results.map((enrollment) => enrollment.id)).not.toContain(created.body.id);
  });

  it('lists the newest start first, a page at a time', async () => {
    const first = await api<EnrollmentList>('GET', '/users/user-program-enrollments?page_size=50', { as: 'doctor' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, page_size: 50, previous: null, next: 2 });
    expect(first.body.count).toBeGreaterThan(100);
    const starts = first.body.results.map((enrollment) => enrollment.start_date);
    expect(starts).toEqual([...starts].sort().reverse());
    const second = await api<EnrollmentList>('GET', '/users/user-program-enrollments?page_size=50&page=2', {
      as: 'doctor',
    });
    const firstIds = new Set(first.body.results.map((enrollment) => enrollment.id));
    expect(second.body.results.some((enrollment) => firstIds.has(enrollment.id))).toBe(false);
  });

  it('lets a client name itself, and nobody else, as the user', async () => {
    const own = await api<EnrollmentList>('GET', `/users/user-program-enrollments?user=${idOf('client2')}`, {
      as: 'client2',
    });
    expect(own.status).toBe(200);
    expect(new Set(own.body.results.map((enrollment) => enrollment.user))).toEqual(new Set([idOf('client2')]));
    const implicit = await api<EnrollmentList>('GET', '/users/user-program-enrollments', { as: 'client2' });
    expect(implicit.body).toEqual(own.body);
    expect((await api('GET', `/users/user-program-enrollments?user=${idOf('client')}`, { as: 'client2' })).status).toBe(
      403,
    );
  });

  it('refuses enrollments of users who are not clients, and of users that do not exist', async () => {
    const body = (user: string) => ({ user, program: 'longevity', start_date: '2026-01-01' });
    expect(
      (await api('POST', '/users/user-program-enrollments', { as: 'super', body: body(idOf('doctor')) })).status,
    ).toBe(403);
    const missing = '00000000-0000-4000-8000-00000000beef';
    expect((await api('POST', '/users/user-program-enrollments', { as: 'super', body: body(missing) })).status).toBe(
      403,
    );
  });
});
