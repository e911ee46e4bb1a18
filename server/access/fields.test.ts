import { describe, expect, it } from 'vitest';
import type { Caller } from '@contract';
import { HttpProblem } from '../core/problem.ts';
import { answerFor, profileAnswerFor, readsAll, requireReadableFilters, requireWritable } from './fields.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const CLIENT = { id: '22222222-2222-4222-8222-222222222222', role: 'CLIENT' } as const;
const as = (role: Caller['role']): Caller => ({ id: ME, role });

function refusalOf(run: () => unknown): HttpProblem {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpProblem) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('answerFor', () => {
  const alerts = { client_id: CLIENT.id, hipaa_consent: true, contraindications: [], reactions: [] };

  it('answers the clinical alerts to nurses and doctors, and only the consent to reception and coaches', () => {
    expect(answerFor(as('DOCTOR'), 'alerts', alerts)).toEqual(alerts);
    for (const role of ['RECEPTION', 'HEALTH_COACH', 'NUTRITIONIST'] as const) {
      expect(answerFor(as(role), 'alerts', alerts), role).toEqual({ client_id: CLIENT.id, hipaa_consent: true });
    }
  });
});

describe('readsAll', () => {
  it('tells whether a projection can be skipped', () => {
    expect(readsAll(as('RECEPTION'), 'appointment', ['id', 'notes', 'staff_id'])).toBe(true);
    expect(readsAll(as('RECEPTION'), 'visit', ['id', 'vitals'])).toBe(false);
  });
});

describe('requireWritable', () => {
  it('refuses each field of a body outside the caller’s write set, naming every one', () => {
    const refused = refusalOf(() =>
      requireWritable(as('ADMIN'), 'enrollment', { program: 'longevity', notes: 'x', status: 'active' }),
    );
    expect(refused.status).toBe(403);
    expect(refused.errors?.map((error) => error.field)).toEqual(['body.notes']);
    expect(() => requireWritable(as('NURSE'), 'enrollment', { program: 'longevity', notes: 'x' })).not.toThrow();
  });
});

describe('requireReadableFilters', () => {
  it('refuses filtering on a field the caller does not read (which rows match would tell it)', () => {
    const refused = refusalOf(() => requireReadableFilters(as('RECEPTION'), 'assessment', { alert: 'alert' }));
    expect(refused.status).toBe(403);
    expect(refused.errors?.map((error) => error.field)).toEqual(['query.alert']);
    expect(() => requireReadableFilters(as('HEALTH_COACH'), 'assessment', { alert: 'alert' })).not.toThrow();
  });
});

describe('profileAnswerFor', () => {
  const found = { id: CLIENT.id, first_name: 'Asha', phone_number: '+15555550100', clinic: 'Thrive Bengaluru' };

  it('answers a nurse the phone number of the client she is asked to call, not its clinic', () => {
    expect(profileAnswerFor(as('NURSE'), CLIENT, found)).toEqual({
      id: CLIENT.id,
      first_name: 'Asha',
      phone_number: '+15555550100',
    });
    expect(profileAnswerFor(as('RECEPTION'), CLIENT, found)).toEqual(found);
  });
});
