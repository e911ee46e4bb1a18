/** Requests refused before any operation ran each leave one audit record: who, where, how; never what was sent. */
import { describe, expect, it } from 'vitest';
import { api, idOf, stack, CURRENT } from '../support/api-client.ts';
import { auditSince, newestAuditId } from '../support/audit-trail.ts';

/** The refusal of the request `send` makes: the one refusal recorded while it ran, on `route`. */
async function refusalOf<T>(send: () => Promise<T>, route: string) {
  const after = await newestAuditId();
  const answer = await send();
  const refusals = await auditSince(after, 'action=requests.refused');
  expect(refusals.map((refusal) => refusal.route)).toEqual([route]);
  return { answer, refusal: refusals[0] };
}

const PROFILE_ROUTE = '/api/v1/users/user-profiles/:id';

describe('refused requests in the audit trail', () => {
  it('records a request without a valid token, as anonymous, with the route but no ids', async () => {
    const { answer, refusal } = await refusalOf(
      () => api('GET', `/users/users/${idOf('client')}`, { headers: { authorization: 'Bearer x.y.z' } }),
      '/api/v1/users/users/:id',
    );
    expect(answer.status).toBe(401);
    expect(refusal).toMatchObject({
      actor_id: 'anonymous',
      action: 'requests.refused',
      resource_type: 'request',
      outcome: 'unauthenticated',
      status: 401,
      route: '/api/v1/users/users/:id',
      resource_id: null,
      subject_id: null,
    });
  });

  it('records a body that breaks the contract, naming the caller and never the values', async () => {
    const { answer, refusal } = await refusalOf(
      () =>
        api('PATCH', `/users/user-profiles/${idOf('client')}`, {
          as: 'nurse',
          ifMatch: CURRENT,
          body: { city: 'Pune', secret_note: 'Priya has a heart condition' },
        }),
      PROFILE_ROUTE,
    );
    expect(answer.status).toBe(400);
    expect(refusal).toMatchObject({ actor_id: idOf('nurse'), outcome: 'invalid', status: 400 });
    expect(JSON.stringify(refusal)).not.toContain('heart');
  });

  it('records a body that is too large, a wrong content type and a wrong method', async () => {
    const tooLarge = await refusalOf(
      () =>
        api('PATCH', `/users/user-profiles/${idOf('client')}`, {
          as: 'nurse',
          ifMatch: CURRENT,
          body: { client_story: 'x'.repeat(70 * 1024) },
        }),
      PROFILE_ROUTE,
    );
    expect(tooLarge.answer.status).toBe(413);
    expect(tooLarge.refusal).toMatchObject({ status: 413, outcome: 'invalid' });

    const wrongType = await refusalOf(
      () =>
        api('PATCH', `/users/user-profiles/${idOf('client')}`, {
          as: 'nurse',
          ifMatch: CURRENT,
          body: 'city=Pune',
          headers: { 'content-type': 'text/plain' },
        }),
      PROFILE_ROUTE,
    );
    expect(wrongType.answer.status).toBe(415);
    expect(wrongType.refusal).toMatchObject({ status: 415 });

    const wrongMethod = await refusalOf(
      () => fetch(`${stack.apiUrl}/users/role-counts`, { method: 'DELETE' }),
      '/api/v1/users/role-counts',
    );
    expect([401, 405]).toContain(wrongMethod.answer.status);
    expect(wrongMethod.refusal).toMatchObject({ status: wrongMethod.answer.status });
  });
});
