/** Requests refused before any operation ran each leave one audit record: who, where, how; never what was sent. */
import { describe, expect, it } from 'vitest';
import { api, idOf, stack, type Schemas, CURRENT } from '../support/api-client.ts';

type AuditEventList = Schemas['AuditEventList'];

async function newestRefusal() {
  const trail = await api<AuditEventList>('GET', '/users/audit-events?action=requests.refused&page_size=1', {
    as: 'super',
  });
  return trail.body.results[0];
}

describe('refused requests in the audit trail', () => {
  it('records a request without a valid token, as anonymous, with the route but no ids', async () => {
    const answer = await api('GET', `/users/users/${idOf('client')}`, { headers: { authorization: 'Bearer x.y.z' } });
    expect(answer.status).toBe(401);
    expect(await newestRefusal()).toMatchObject({
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
    const answer = await api('PATCH', `/users/user-profiles/${idOf('client')}`, {
      as: 'nurse',
      ifMatch: CURRENT,
      body: { city: 'Pune', secret_note: 'Priya has a heart condition' },
    });
    expect(answer.status).toBe(400);
    const refusal = await newestRefusal();
    expect(refusal).toMatchObject({ actor_id: idOf('nurse'), outcome: 'invalid', status: 400 });
    expect(JSON.stringify(refusal)).not.toContain('heart');
  });

  it('records a body that is too large, a wrong content type and a wrong method', async () => {
    const tooLarge = await api('PATCH', `/users/user-profiles/${idOf('client')}`, {
      as: 'nurse',
      ifMatch: CURRENT,
      body: { client_story: 'x'.repeat(70 * 1024) },
    });
    expect(tooLarge.status).toBe(413);
    expect(await newestRefusal()).toMatchObject({ status: 413, outcome: 'invalid' });

    const wrongType = await api('PATCH', `/users/user-profiles/${idOf('client')}`, {
      as: 'nurse',
      ifMatch: CURRENT,
      body: 'city=Pune',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
    expect(await newestRefusal()).toMatchObject({ status: 415 });

    const wrongMethod = await fetch(`${stack.apiUrl}/users/role-counts`, { method: 'DELETE' });
    expect([401, 405]).toContain(wrongMethod.status);
    expect(await newestRefusal()).toMatchObject({ status: wrongMethod.status });
  });
});
