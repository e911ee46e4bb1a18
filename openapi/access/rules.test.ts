import { describe, expect, it } from 'vitest';
import { ROLES } from './roles.ts';
import {
  decide,
  listScopeOf,
  mayDoToClients,
  reachesEveryone,
  type Caller,
  type Operation,
  type RoleOrNone,
} from './rules.ts';

const me = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const as = (role: Caller['role']): Caller => ({ id: me, role });

describe('decide', () => {
  it('lets a client at its own record only', () => {
    expect(decide(as('CLIENT'), 'profiles.read', { id: me, role: 'CLIENT' })).toEqual({ allowed: true, via: 'self' });
    expect(decide(as('CLIENT'), 'profiles.read', { id: other, role: 'CLIENT' })).toEqual({
      allowed: false,
      reason: 'out-of-reach',
    });
    expect(decide(as('CLIENT'), 'users.list', { id: null, role: 'CLIENT' })).toEqual({
      allowed: false,
      reason: 'not-granted',
    });
  });

  it('lets staff at clients through their role, and at themselves', () => {
    expect(decide(as('NURSE'), 'profiles.update', { id: other, role: 'CLIENT' })).toEqual({
      allowed: true,
      via: 'role',
    });
    expect(decide(as('NURSE'), 'profiles.update', { id: me, role: 'NURSE' })).toEqual({ allowed: true, via: 'self' });
    expect(decide(as('NURSE'), 'profiles.read', { id: other, role: 'DOCTOR' }).allowed).toBe(false);
    expect(decide(as('NURSE'), 'users.assign-role', { id: other, role: 'CLIENT' }).allowed).toBe(false);
  });

  it('keeps ADMIN below SUPER_ADMIN, and everyone away from its own role and deletion', () => {
    expect(decide(as('ADMIN'), 'users.assign-role', { id: null, role: 'SUPER_ADMIN' }).allowed).toBe(false);
    expect(decide(as('ADMIN'), 'profiles.update', { id: other, role: 'SUPER_ADMIN' }).allowed).toBe(false);
    expect(decide(as('ADMIN'), 'users.read', { id: other, role: 'SUPER_ADMIN' }).allowed).toBe(true);
    expect(decide(as('SUPER_ADMIN'), 'users.assign-role', { id: me, role: 'SUPER_ADMIN' })).toEqual({
      allowed: false,
      reason: 'own-record',
    });
    expect(decide(as('ADMIN'), 'users.delete', { id: me, role: 'ADMIN' })).toEqual({
      allowed: false,
      reason: 'own-record',
    });
  });

  it('lets admins disable and enable others (ADMIN never a SUPER_ADMIN), never themselves', () => {
    expect(decide(as('ADMIN'), 'users.set-enabled', { id: other, role: 'CLIENT' }).allowed).toBe(true);
    expect(decide(as('ADMIN'), 'users.set-enabled', { id: other, role: 'ADMIN' }).allowed).toBe(true);
    expect(decide(as('ADMIN'), 'users.set-enabled', { id: other, role: 'SUPER_ADMIN' }).allowed).toBe(false);
    expect(decide(as('SUPER_ADMIN'), 'users.set-enabled', { id: other, role: 'SUPER_ADMIN' }).allowed).toBe(true);
    expect(decide(as('SUPER_ADMIN'), 'users.set-enabled', { id: me, role: 'SUPER_ADMIN' })).toEqual({
      allowed: false,
      reason: 'own-record',
    });
    expect(decide(as('NURSE'), 'users.set-enabled', { id: other, role: 'CLIENT' }).allowed).toBe(false);
  });

  it('lets only admins count users, read the audit trail and set up how the clinics’ messages go out', () => {
    for (const role of [...ROLES, 'NO_ROLE'] as const) {
      const admin = role === 'ADMIN' || role === 'SUPER_ADMIN';
      expect(reachesEveryone(as(role), 'users.count'), role).toBe(admin);
      expect(reachesEveryone(as(role), 'audit.read'), role).toBe(admin);
      expect(reachesEveryone(as(role), 'clinics.messaging'), role).toBe(admin);
    }
    // Staff list clients, but a list that reaches only some users is not everyone.
    expect(reachesEveryone(as('NURSE'), 'users.list')).toBe(false);
  });

  it('shows the care inbox’s alerts to the care team, who follow very low checks up, and to no one else', () => {
    const careTeam = ['NURSE', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'SUPER_ADMIN'];
    for (const role of [...ROLES, 'NO_ROLE'] as const) {
      expect(reachesEveryone(as(role), 'messages.alerts'), role).toBe(careTeam.includes(role));
    }
  });

  it('lets a user without a role see only itself', () => {
    expect(decide(as('NO_ROLE'), 'users.read', { id: me, role: 'NO_ROLE' }).allowed).toBe(true);
    expect(decide(as('NO_ROLE'), 'profiles.update', { id: me, role: 'NO_ROLE' }).allowed).toBe(false);
    expect(decide(as('NO_ROLE'), 'enrollments.read', { id: me, role: 'NO_ROLE' }).allowed).toBe(false);
  });

  it('hides missing users (NO_ROLE targets) from staff but not from admins', () => {
    expect(decide(as('DOCTOR'), 'users.read', { id: other, role: 'NO_ROLE' }).allowed).toBe(false);
    expect(decide(as('ADMIN'), 'users.read', { id: other, role: 'NO_ROLE' }).allowed).toBe(true);
  });

  it('lists clients for staff, everyone for admins, a client its own records', () => {
    expect(listScopeOf(as('RECEPTION'), 'users.list')).toEqual({ via: 'role', roles: ['CLIENT'], everyone: false });
    expect(listScopeOf(as('ADMIN'), 'users.list')).toMatchObject({ via: 'role', everyone: true });
    expect(listScopeOf(as('CLIENT'), 'users.list')).toEqual({ via: 'none' });
    expect(listScopeOf(as('CLIENT'), 'visits.read')).toEqual({ via: 'self' });
    expect(listScopeOf(as('ADMIN'), 'visits.read')).toEqual({ via: 'none' });
  });
});

describe('charting and signing, therapy by therapy', () => {
  const client = { id: other, role: 'CLIENT' } as const;

  it('lets nurses, doctors and super admins chart and sign every therapy', () => {
    for (const role of ['NURSE', 'DOCTOR', 'SUPER_ADMIN'] as const) {
      for (const therapy of ['iv', 'hbot', 'pet', 'red_light', 'fir'] as const) {
        expect(decide(as(role), 'visits.chart', { ...client, therapy }).allowed, `${role} ${therapy}`).toBe(true);
        expect(decide(as(role), 'visits.sign', { ...client, therapy }).allowed, `${role} ${therapy}`).toBe(true);
      }
    }
  });

  it('lets reception, coaches and nutritionists see that visits exist, never chart or sign them', () => {
    for (const role of ['RECEPTION', 'HEALTH_COACH', 'NUTRITIONIST'] as const) {
      expect(decide(as(role), 'visits.read', client).allowed, role).toBe(true);
      expect(decide(as(role), 'visits.chart', { ...client, therapy: 'iv' }), role).toEqual({
        allowed: false,
        reason: 'not-granted',
      });
      expect(mayDoToClients(role, 'visits.sign'), role).toBe(false);
    }
    expect(mayDoToClients('ADMIN', 'visits.read')).toBe(false);
    expect(mayDoToClients('CLIENT', 'visits.chart')).toBe(false);
  });

  it('leaves reception out of sharing a risk result (it reads none)', () => {
    expect(mayDoToClients('RECEPTION', 'assessments.share-risk')).toBe(false);
    expect(mayDoToClients('HEALTH_COACH', 'assessments.share-risk')).toBe(true);
  });
});

describe('lab results and advice', () => {
  const client = { id: other, role: 'CLIENT' } as const;
  const roles: RoleOrNone[] = [...ROLES, 'NO_ROLE'];
  const granted = (operation: Operation) => roles.filter((role) => mayDoToClients(role, operation));

  it('lets nurses and doctors enter results, and only doctors release them', () => {
    expect(granted('results.write')).toEqual(['NURSE', 'DOCTOR', 'SUPER_ADMIN']);
    expect(granted('results.release')).toEqual(['DOCTOR', 'SUPER_ADMIN']);
  });

  it('lets the staff group read a client’s results, coaches and nutritionists once released; not ADMIN', () => {
    expect(granted('results.read')).toEqual([
      'NURSE',
      'RECEPTION',
      'DOCTOR',
      'HEALTH_COACH',
      'NUTRITIONIST',
      'SUPER_ADMIN',
    ]);
    const unreleased = { ...client, released: false };
    expect(roles.filter((role) => decide(as(role), 'results.read', unreleased).allowed)).toEqual([
      'NURSE',
      'RECEPTION',
      'DOCTOR',
      'SUPER_ADMIN',
    ]);
    expect(decide(as('HEALTH_COACH'), 'results.read', unreleased)).toEqual({ allowed: false, reason: 'unreleased' });
    expect(listScopeOf(as('NUTRITIONIST'), 'results.read')).toEqual({
      via: 'role',
      roles: ['CLIENT'],
      everyone: false,
      releasedOnly: true,
    });
    expect(listScopeOf(as('RECEPTION'), 'results.read')).toEqual({ via: 'role', roles: ['CLIENT'], everyone: false });
  });

  it('lets a client read only its own released results and advice, and follow only its own advice', () => {
    const own = { id: me, role: 'CLIENT' } as const;
    expect(decide(as('CLIENT'), 'results.read', { ...own, released: true })).toEqual({ allowed: true, via: 'self' });
    expect(decide(as('CLIENT'), 'results.read', { ...own, released: false })).toEqual({
      allowed: false,
      reason: 'unreleased',
    });
    // Another client's result is out of reach, released or not: 403, never a hint that it exists.
    expect(decide(as('CLIENT'), 'results.read', { ...client, released: false })).toEqual({
      allowed: false,
      reason: 'out-of-reach',
    });
    expect(listScopeOf(as('CLIENT'), 'results.read')).toEqual({ via: 'self', releasedOnly: true });
    expect(decide(as('CLIENT'), 'advices.read', own).allowed).toBe(true);
    expect(decide(as('CLIENT'), 'advices.read', client).allowed).toBe(false);
    expect(roles.filter((role) => decide(as(role), 'advices.follow', { id: me, role }).allowed)).toEqual(['CLIENT']);
  });

  it('lets doctors, coaches and nutritionists write advice, the care team read it, not reception or ADMIN', () => {
    expect(granted('advices.write')).toEqual(['DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'SUPER_ADMIN']);
    expect(granted('advices.read')).toEqual(['NURSE', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'SUPER_ADMIN']);
  });
});
