import { describe, expect, it } from 'vitest';
import { SELF_SERVICE_PROFILE_FIELDS, decide, type Caller, type RoleOrNone } from '../../../../server/access/rules.ts';
import { ROLES, type Role } from '../../../lib/auth/roles';
import { PROFILE_SECTIONS, type ProfileField } from './fields';
import { SELF_SERVICE_FIELDS, profileEditRights, type Person } from './permissions';

const ALL_FIELDS = PROFILE_SECTIONS.flatMap((section) => section.fields);
const SELF = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'a0000000-0000-4000-8000-000000000002';

const person = (id: string, role: Role | null): Person => ({ id, role });
const sorted = (fields: Iterable<ProfileField>) => [...fields].sort();

describe('profileEditRights: written out per role', () => {
  it('a client changes only its own contact details, emergency contact and health journey, never its role', () => {
    const own = profileEditRights(person(SELF, 'CLIENT'), person(SELF, 'CLIENT'));
    expect(sorted(own.fields)).toEqual(sorted(SELF_SERVICE_FIELDS));
    for (const field of ['first_name', 'last_name', 'date_of_birth', 'clinic', 'abha_number'] as const) {
      expect(own.fields.has(field)).toBe(false);
    }
    expect(own.roleChoices).toEqual([]);
    expect(profileEditRights(person(SELF, 'CLIENT'), person(OTHER, 'CLIENT')).fields.size).toBe(0);
  });

  it.each(['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'] as const)(
    '%s changes every field of a client but the role, and no other staff profile',
    (role) => {
      const client = profileEditRights(person(SELF, role), person(OTHER, 'CLIENT'));
      expect(sorted(client.fields)).toEqual(sorted(ALL_FIELDS));
      expect(client.roleChoices).toEqual([]);
      expect(profileEditRights(person(SELF, role), person(OTHER, 'DOCTOR')).fields.size).toBe(0);
      expect(sorted(profileEditRights(person(SELF, role), person(SELF, role)).fields)).toEqual(
        sorted(SELF_SERVICE_FIELDS),
      );
    },
  );

  it('ADMIN changes everyone but super admins, and gives any role but SUPER_ADMIN, never to itself', () => {
    const admin = person(SELF, 'ADMIN');
    const nurse = profileEditRights(admin, person(OTHER, 'NURSE'));
    expect(sorted(nurse.fields)).toEqual(sorted(ALL_FIELDS));
    expect(nurse.roleChoices).toEqual(ROLES.filter((role) => role !== 'SUPER_ADMIN'));
    expect(profileEditRights(admin, person(OTHER, 'SUPER_ADMIN'))).toEqual({ fields: new Set(), roleChoices: [] });
    const own = profileEditRights(admin, admin);
    expect(sorted(own.fields)).toEqual(sorted(ALL_FIELDS));
    expect(own.roleChoices).toEqual([]);
  });

  it('SUPER_ADMIN changes everyone and gives every role, but not its own', () => {
    const superAdmin = person(SELF, 'SUPER_ADMIN');
    const other = profileEditRights(superAdmin, person(OTHER, 'SUPER_ADMIN'));
    expect(sorted(other.fields)).toEqual(sorted(ALL_FIELDS));
    expect(other.roleChoices).toEqual([...ROLES]);
    expect(profileEditRights(superAdmin, superAdmin).roleChoices).toEqual([]);
  });

  it('a viewer without a role changes nothing', () => {
    expect(profileEditRights(person(SELF, null), person(SELF, null)).fields.size).toBe(0);
  });
});

describe('profileEditRights: the same answers as the server', () => {
  const targets: RoleOrNone[] = [...ROLES, 'NO_ROLE'];
  const cases = ROLES.flatMap((viewer) =>
    targets.flatMap((target) => [
      { viewer, target, own: false },
      ...(viewer === target ? [{ viewer, target, own: true }] : []),
    ]),
  );

  it.each(cases)('$viewer on $target (own: $own)', ({ viewer, target, own }) => {
    const caller: Caller = { id: SELF, role: viewer };
    const targetId = own ? SELF : OTHER;
    const rights = profileEditRights(person(SELF, viewer), person(targetId, target === 'NO_ROLE' ? null : target));

    const update = decide(caller, 'profiles.update', { id: targetId, role: target });
    const expected = !update.allowed
      ? []
      : update.via === 'role'
        ? ALL_FIELDS
        : ALL_FIELDS.filter((field) => SELF_SERVICE_PROFILE_FIELDS.has(field));
    expect(sorted(rights.fields)).toEqual(sorted(expected));

    const reachesUser = decide(caller, 'users.assign-role', { id: targetId, role: target }).allowed;
    const givable = ROLES.filter(
      (role) => reachesUser && decide(caller, 'users.assign-role', { id: null, role }).allowed,
    );
    expect(rights.roleChoices).toEqual(givable);
  });
});
