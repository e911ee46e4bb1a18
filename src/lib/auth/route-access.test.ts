import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles';
import { homeOf, mayEnter, userListScope, type RouteGroup } from './route-access';

/** Spec section 6, written out by hand: who may enter each route group. */
const EXPECTED: Record<Role, Record<RouteGroup, boolean>> = {
  CLIENT: { 'signed-in': true, client: true, staff: false, admin: false },
  NURSE: { 'signed-in': true, client: false, staff: true, admin: false },
  RECEPTION: { 'signed-in': true, client: false, staff: true, admin: false },
  DOCTOR: { 'signed-in': true, client: false, staff: true, admin: false },
  HEALTH_COACH: { 'signed-in': true, client: false, staff: true, admin: false },
  NUTRITIONIST: { 'signed-in': true, client: false, staff: true, admin: false },
  ADMIN: { 'signed-in': true, client: false, staff: false, admin: true },
  SUPER_ADMIN: { 'signed-in': true, client: true, staff: true, admin: true },
};

describe('the role table', () => {
  it('covers every role', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ROLES].sort());
  });

  for (const role of ROLES) {
    for (const group of ['signed-in', 'client', 'staff', 'admin'] as const) {
      it(`${role} ${EXPECTED[role][group] ? 'may' : 'may not'} enter ${group}`, () => {
        expect(mayEnter(role, group)).toBe(EXPECTED[role][group]);
      });
    }
  }
});

describe('homeOf', () => {
  it('sends staff and SUPER_ADMIN to the hub, ADMIN to the backoffice, a client home', () => {
    expect(homeOf('NURSE')).toBe('hub');
    expect(homeOf('RECEPTION')).toBe('hub');
    expect(homeOf('DOCTOR')).toBe('hub');
    expect(homeOf('HEALTH_COACH')).toBe('hub');
    expect(homeOf('NUTRITIONIST')).toBe('hub');
    expect(homeOf('SUPER_ADMIN')).toBe('hub');
    expect(homeOf('ADMIN')).toBe('backoffice');
    expect(homeOf('CLIENT')).toBe('client-home');
  });
});

describe('userListScope', () => {
  it('matches the API: admins everyone, staff the clients, a client nothing', () => {
    expect(userListScope('SUPER_ADMIN')).toBe('everyone');
    expect(userListScope('ADMIN')).toBe('everyone');
    for (const role of ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'] as const) {
      expect(userListScope(role)).toBe('clients');
    }
    expect(userListScope('CLIENT')).toBe('none');
  });
});
