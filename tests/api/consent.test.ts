/**
 * HIPAA consent, enforced by the server: a client without it reads its own
 * user and profile and gives its consent, and nothing else (403 with the
 * consent problem type); staff may record a withdrawal and nothing more, and
 * it applies at the client's next request.
 */
import { describe, expect, it } from 'vitest';
import { api, idOf, type Problem, type Schemas, CURRENT } from '../support/api-client.ts';

type Profile = Schemas['Profile'];
const CONSENT_REQUIRED = 'https://thrive.clinic/problems/consent-required';
const path = (who: 'client' | 'client2') => `/users/user-profiles/${idOf(who)}`;

describe('a client without consent', () => {
  it('reads its own user and profile, and the clinics (whose clock the consent screen reads)', async () => {
    expect((await api('GET', `/users/users/${idOf('client')}`, { as: 'client' })).status).toBe(200);
    expect((await api('GET', path('client'), { as: 'client' })).status).toBe(200);
    expect((await api('GET', '/clinics', { as: 'client' })).status).toBe(200);
  });

  it('is refused everything else with the consent problem', async () => {
    for (const [method, where, body] of [
      ['GET', `/users/user-program-enrollments?user=${idOf('client')}`, undefined],
      ['GET', '/appointments', undefined],
      ['GET', '/services', undefined],
      ['PATCH', path('client'), { family_history: { relatives: [{ relative: 'father', conditions: ['diabetes'] }] } }],
    ] as const) {
      const answer = await api<Problem>(method, where, { as: 'client', ifMatch: CURRENT, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${where}`).toBe(403);
      expect(answer.body.type).toBe(CONSENT_REQUIRED);
    }
  });
});

describe('consent recorded by the clinic', () => {
  it('may only be a withdrawal, which applies at the client’s next request', async () => {
    const backdated = await api<Problem>('PATCH', path('client2'), {
      as: 'reception',
      ifMatch: CURRENT,
      body: { hipaa_consent: true, hipaa_consent_date: '2019-01-01T00:00:00Z', hipaa_consent_version: '0.1' },
    });
    expect(backdated.status).toBe(403);
    expect(backdated.body.errors?.map((error) => error.field).sort()).toEqual([
      'body.hipaa_consent',
      'body.hipaa_consent_date',
      'body.hipaa_consent_version',
    ]);

    const before = (await api<Profile>('GET', path('client2'), { as: 'reception' })).body;
    try {
      const withdrawn = await api<Profile>('PATCH', path('client2'), {
        as: 'reception',
        ifMatch: CURRENT,
        body: { hipaa_consent: false, hipaa_consent_date: null, hipaa_consent_version: null },
      });
      expect(withdrawn.status).toBe(200);
      const next = await api<Problem>('GET', '/appointments', { as: 'client2' });
      expect(next.status).toBe(403);
      expect(next.body.type).toBe(CONSENT_REQUIRED);
    } finally {
      // client2 gives it again, as it would through the portal.
      const given = await api('PATCH', path('client2'), {
        as: 'client2',
        ifMatch: CURRENT,
        body: { hipaa_consent: true, hipaa_consent_date: new Date().toISOString(), hipaa_consent_version: '1.0' },
      });
      expect(given.status).toBe(200);
      expect(before.hipaa_consent).toBe(true);
    }
  });
});
