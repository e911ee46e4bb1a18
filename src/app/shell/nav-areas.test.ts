import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@/lib/auth/roles';
import { areasFor } from './nav-areas';

const labels = (role: Role | null) => areasFor(role).map((area) => area.label);

const STAFF_AREAS = ['Hub', 'Appointments', 'Discovery', 'Thrive dashboard'];
const ADMIN_AREAS = ['Backoffice', 'Users'];

describe('the navigation bar offers each role the areas its guards let it enter (spec section 6)', () => {
  it.each(['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'] as const)('%s: the staff areas', (role) => {
    expect(labels(role)).toEqual(STAFF_AREAS);
  });

  it('ADMIN: the backoffice and the users, not the staff areas', () => {
    expect(labels('ADMIN')).toEqual(ADMIN_AREAS);
  });

  it('SUPER_ADMIN: everything', () => {
    expect(labels('SUPER_ADMIN')).toEqual([...STAFF_AREAS, ...ADMIN_AREAS]);
  });

  it('CLIENT and an unknown role: no navigation bar at all', () => {
    expect(labels('CLIENT')).toEqual([]);
    expect(labels(null)).toEqual([]);
  });

  it('every role of the contract is covered above', () => {
    expect([...ROLES].sort()).toEqual(
      ['ADMIN', 'CLIENT', 'DOCTOR', 'HEALTH_COACH', 'NURSE', 'NUTRITIONIST', 'RECEPTION', 'SUPER_ADMIN'].sort(),
    );
  });
});
