import { describe, expect, it } from 'vitest';
import { ROLES } from '../api-types.ts';
import { checkConsentChange, decide, reachesEveryone, rolesListable, type Caller } from './rules.ts';

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

  it('lets only admins count users and read the audit trail', () => {
    for (const role of [...ROLES, 'NO_ROLE'] as const) {
      const admin = role === 'ADMIN' || role === 'SUPER_ADMIN';
      expect(reachesEveryone(as(role), 'users.count'), role).toBe(admin);
      expect(reachesEveryone(as(role), 'audit.read'), role).toBe(admin);
    }
    // Staff list clients, but a list that reaches only some users is not everyone.
    expect(reachesEveryone(as('NURSE'), 'users.list')).toBe(false);
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

  it('lists clients for staff and everyone for admins', () => {
    expect(rolesListable(as('RECEPTION'), 'users.list')).toEqual(['CLIENT']);
    expect(rolesListable(as('ADMIN'), 'users.list')).toContain('NO_ROLE');
    expect(rolesListable(as('CLIENT'), 'users.list')).toEqual([]);
  });
});

describe('checkConsentChange', () => {
  const now = new Date('2026-03-01T10:00:00Z');

  it('accepts consent given now (within a few minutes) to version 1.0', () => {
    const change = { hipaa_consent: true, hipaa_consent_version: '1.0', hipaa_consent_date: '2026-03-01T10:03:00Z' };
    expect(checkConsentChange(change, now)).toEqual([]);
  });

  it('ignores a change that does not touch consent', () => {
    expect(checkConsentChange({}, now)).toEqual([]);
  });

  it('names what is wrong: withdrawal, old version, a date far from now', () => {
    const fields = checkConsentChange(
      { hipaa_consent: false, hipaa_consent_version: '0.9', hipaa_consent_date: '2026-03-01T09:50:00Z' },
      now,
    ).map((error) => error.field);
    expect(fields).toEqual(['body.hipaa_consent', 'body.hipaa_consent_version', 'body.hipaa_consent_date']);
  });
});
