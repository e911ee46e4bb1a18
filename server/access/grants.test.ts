import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '@contract';
import type { Database } from '../db/database.ts';
import { openMigratedDatabase } from '../db/migrate.ts';
import { HttpProblem } from '../core/problem.ts';
import {
  grantedVia,
  hasSomeGrant,
  requireGrant,
  requireGrantOverEveryone,
  requireSomeGrant,
  targetUser,
  targetVisitClient,
} from './grants.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const CLIENT = '22222222-2222-4222-8222-222222222222';
const as = (role: Caller['role']): Caller => ({ id: ME, role });
const client = { id: CLIENT, role: 'CLIENT' } as const;

/** The problem `run` throws, as the caller gets it. */
function refusalOf(run: () => unknown): { status: number; detail: string; fields: string[] } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    return { status: error.status, detail: error.detail, fields: (error.errors ?? []).map((e) => e.field) };
  }
  throw new Error('expected a refusal');
}

describe('requireGrant', () => {
  it('answers how the caller was let through: its own record, or its role', () => {
    expect(requireGrant(as('CLIENT'), 'visits.read', { id: ME, role: 'CLIENT' })).toBe('self');
    expect(requireGrant(as('NURSE'), 'visits.read', client)).toBe('role');
  });

  it('lets nurses and doctors chart and sign every therapy', () => {
    for (const role of ['NURSE', 'DOCTOR', 'SUPER_ADMIN'] as const) {
      for (const therapy of ['iv', 'hbot', 'pet', 'red_light', 'fir'] as const) {
        expect(requireGrant(as(role), 'visits.chart', { ...client, therapy })).toBe('role');
        expect(requireGrant(as(role), 'visits.sign', { ...client, therapy })).toBe('role');
      }
    }
  });

  it('refuses reception, coaches and nutritionists charting or signing (403 naming the field given)', () => {
    for (const role of ['RECEPTION', 'HEALTH_COACH', 'NUTRITIONIST'] as const) {
      expect(
        refusalOf(() => requireGrant(as(role), 'visits.chart', { ...client, therapy: 'iv' }, 'body.client_id')),
      ).toEqual({
        status: 403,
        detail: 'Only a nurse or a doctor charts a therapy visit.',
        fields: ['body.client_id'],
      });
      expect(refusalOf(() => requireGrant(as(role), 'visits.sign', { ...client, therapy: 'hbot' })).status).toBe(403);
    }
  });

  it('refuses a record out of reach, and answers 409 for deleting or disabling oneself', () => {
    expect(refusalOf(() => requireGrant(as('NURSE'), 'visits.read', { id: CLIENT, role: 'DOCTOR' })).status).toBe(403);
    expect(refusalOf(() => requireGrant(as('ADMIN'), 'users.delete', { id: ME, role: 'ADMIN' })).status).toBe(409);
    expect(refusalOf(() => requireGrant(as('ADMIN'), 'users.set-enabled', { id: ME, role: 'ADMIN' })).status).toBe(409);
    expect(refusalOf(() => requireGrant(as('ADMIN'), 'users.assign-role', { id: ME, role: 'ADMIN' })).detail).toBe(
      'You cannot change your own role.',
    );
  });
});

describe('requireSomeGrant and hasSomeGrant', () => {
  it('refuse a role with no grant at all for the operation, before any record is looked up', () => {
    expect(hasSomeGrant(as('RECEPTION'), 'visits.chart')).toBe(false);
    expect(hasSomeGrant(as('RECEPTION'), 'visits.read')).toBe(true);
    expect(hasSomeGrant(as('CLIENT'), 'visits.read')).toBe(true);
    expect(refusalOf(() => requireSomeGrant(as('ADMIN'), 'visits.read', 'No visits for you.'))).toEqual({
      status: 403,
      detail: 'No visits for you.',
      fields: [],
    });
    expect(() => requireSomeGrant(as('DOCTOR'), 'visits.sign')).not.toThrow();
  });
});

describe('grantedVia', () => {
  it('tells a service how the caller reaches a record, or that it does not', () => {
    expect(grantedVia(as('CLIENT'), 'appointments.read', { id: ME, role: 'CLIENT' })).toBe('self');
    expect(grantedVia(as('RECEPTION'), 'appointments.read', client)).toBe('role');
    expect(grantedVia(as('NURSE'), 'appointments.read', { id: ME, role: 'NURSE' })).toBeNull();
  });
});

describe('requireGrantOverEveryone', () => {
  it('lets only a grant reaching every user count users or read the trail', () => {
    expect(() => requireGrantOverEveryone(as('ADMIN'), 'users.count')).not.toThrow();
    expect(refusalOf(() => requireGrantOverEveryone(as('NURSE'), 'audit.read')).status).toBe(403);
  });
});

describe('targetUser', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openMigratedDatabase({ kind: 'pglite', dataDir: null });
    await db.query(`INSERT INTO users (id, email, role) VALUES ($1, 'target@thrive.test', 'CLIENT')`, [CLIENT]);
  });

  afterAll(async () => {
    await db.close();
  });

  it('reads the user’s role from the database, and counts a user it does not know as one without a role', async () => {
    expect(await targetUser(db, CLIENT.toUpperCase())).toEqual({ id: CLIENT, role: 'CLIENT' });
    expect(await targetUser(db, ME)).toEqual({ id: ME, role: 'NO_ROLE' });
    expect(await targetVisitClient(db, CLIENT, 'hbot')).toEqual({ id: CLIENT, role: 'CLIENT', therapy: 'hbot' });
  });
});
