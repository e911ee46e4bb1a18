import { describe, expect, it } from 'vitest';
import { ROLES } from './roles.ts';
import {
  checkConsentChange,
  decide,
  PROFILE_SECTION_ACCESS,
  profileFieldsShown,
  profileReadFields,
  profileWriteRights,
  projectProfileFields,
  reachesEveryone,
  resultAccess,
  rolesListable,
  type Caller,
  type RoleOrNone,
} from './rules.ts';
import {
  PROFILE_FIELD_NAMES,
  SELF_SERVICE_FIELDS,
  fieldsOfSection,
  type ProfileField,
  type ProfileSectionId,
} from '../people/profile-fields.ts';

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

const SELF = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'a0000000-0000-4000-8000-000000000002';
const ALL_FIELDS = PROFILE_FIELD_NAMES;
const person = (id: string, role: RoleOrNone) => ({ id, role });
const rights = profileWriteRights;
const sorted = (fields: Iterable<ProfileField>) => [...fields].sort();
const fieldsOf = (...sections: ProfileSectionId[]) => sections.flatMap(fieldsOfSection);

describe('profileWriteRights, per role', () => {
  it('a client changes only its own contact details, emergency contact and health journey, never its role', () => {
    const own = rights(person(SELF, 'CLIENT'), person(SELF, 'CLIENT'));
    expect(sorted(own.fields)).toEqual(sorted(SELF_SERVICE_FIELDS));
    for (const field of ['first_name', 'last_name', 'date_of_birth', 'clinic', 'abha_number'] as const) {
      expect(own.fields.has(field)).toBe(false);
    }
    expect(own.roleChoices).toEqual([]);
    expect(rights(person(SELF, 'CLIENT'), person(OTHER, 'CLIENT')).fields.size).toBe(0);
  });

  it.each(['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'] as const)(
    '%s changes the sections its role writes of a client, never its role, and no other staff profile',
    (role) => {
      const client = rights(person(SELF, role), person(OTHER, 'CLIENT'));
      expect(sorted(client.fields)).toEqual(sorted(PROFILE_SECTION_ACCESS[role].write.flatMap(fieldsOfSection)));
      expect(client.roleChoices).toEqual([]);
      expect(rights(person(SELF, role), person(OTHER, 'DOCTOR')).fields.size).toBe(0);
      expect(sorted(rights(person(SELF, role), person(SELF, role)).fields)).toEqual(sorted(SELF_SERVICE_FIELDS));
    },
  );

  it('ADMIN changes identity, contact and work of everyone but super admins, and any role but SUPER_ADMIN', () => {
    const admin = person(SELF, 'ADMIN');
    const nurse = rights(admin, person(OTHER, 'NURSE'));
    expect(sorted(nurse.fields)).toEqual(sorted(fieldsOf('personal', 'contact', 'work')));
    expect(nurse.roleChoices).toEqual(ROLES.filter((role) => role !== 'SUPER_ADMIN'));
    expect(rights(admin, person(OTHER, 'SUPER_ADMIN'))).toEqual({ fields: new Set(), roleChoices: [] });
    const own = rights(admin, admin);
    expect(sorted(own.fields)).toEqual(
      sorted(new Set([...fieldsOf('personal', 'contact', 'work'), ...SELF_SERVICE_FIELDS])),
    );
    expect(own.roleChoices).toEqual([]);
  });

  it('SUPER_ADMIN changes everyone and gives every role, but not its own', () => {
    const superAdmin = person(SELF, 'SUPER_ADMIN');
    const other = rights(superAdmin, person(OTHER, 'SUPER_ADMIN'));
    expect(sorted(other.fields)).toEqual(sorted(ALL_FIELDS));
    expect(other.roleChoices).toEqual([...ROLES]);
    expect(rights(superAdmin, superAdmin).roleChoices).toEqual([]);
  });

  it('a viewer without a role changes nothing', () => {
    expect(rights(person(SELF, 'NO_ROLE'), person(SELF, 'NO_ROLE')).fields.size).toBe(0);
  });
});

describe('profileReadFields: minimum necessary', () => {
  const ROLES_AND_NONE = [...ROLES, 'NO_ROLE'] as const;

  it('lets every role write only what it reads', () => {
    for (const role of ROLES_AND_NONE) {
      const { read, write } = PROFILE_SECTION_ACCESS[role];
      expect(
        write.filter((section) => !read.includes(section)),
        role,
      ).toEqual([]);
    }
  });

  it('shows reception and admin no clinical narrative, history or health id of a client', () => {
    for (const role of ['RECEPTION', 'ADMIN'] as const) {
      const read = profileReadFields(person(SELF, role), person(OTHER, 'CLIENT'));
      for (const field of [...fieldsOf('health', 'ids')]) expect(read.has(field), `${role} ${field}`).toBe(false);
      expect(read.has('first_name')).toBe(true);
    }
  });

  it('lets a person read all of its own profile, and nobody a profile out of reach', () => {
    expect(sorted(profileReadFields(person(SELF, 'CLIENT'), person(SELF, 'CLIENT')))).toEqual(sorted(ALL_FIELDS));
    expect(sorted(profileReadFields(person(SELF, 'NURSE'), person(SELF, 'NURSE')))).toEqual(sorted(ALL_FIELDS));
    expect(profileReadFields(person(SELF, 'CLIENT'), person(OTHER, 'CLIENT')).size).toBe(0);
    expect(profileReadFields(person(SELF, 'NURSE'), person(OTHER, 'DOCTOR')).size).toBe(0);
  });

  it('answers whoever reaches a user its names, and the rest of what it reads', () => {
    // A nurse reaches a doctor on the user list but reads none of the doctor's profile.
    expect(sorted(profileFieldsShown(person(SELF, 'NURSE'), person(OTHER, 'DOCTOR')))).toEqual([
      'first_name',
      'last_name',
    ]);
    const nurseOfClient = profileFieldsShown(person(SELF, 'NURSE'), person(OTHER, 'CLIENT'));
    expect(sorted(nurseOfClient)).toEqual(sorted(profileReadFields(person(SELF, 'NURSE'), person(OTHER, 'CLIENT'))));
    expect(nurseOfClient.has('first_name')).toBe(true);
    expect(sorted(profileFieldsShown(person(SELF, 'CLIENT'), person(SELF, 'CLIENT')))).toEqual(sorted(ALL_FIELDS));
  });

  it('leaves out of an answer every profile field the reader may not read, and keeps the rest', () => {
    const answer = { client_id: OTHER, email: 'a@b.test', first_name: 'A', client_story: 'story', city: 'Pune' };
    expect(projectProfileFields(answer, new Set<ProfileField>(['first_name', 'city']))).toEqual({
      client_id: OTHER,
      email: 'a@b.test',
      first_name: 'A',
      city: 'Pune',
    });
  });
});

describe('lab results and advice', () => {
  const client = { id: other, role: 'CLIENT' } as const;
  const allowed = (role: RoleOrNone, operation: Parameters<typeof decide>[1]) =>
    decide(as(role), operation, client).allowed;
  const roles: RoleOrNone[] = [...ROLES, 'NO_ROLE'];

  it('lets nurses and doctors enter results, and only doctors release them', () => {
    expect(roles.filter((role) => allowed(role, 'results.write'))).toEqual(['NURSE', 'DOCTOR', 'SUPER_ADMIN']);
    expect(roles.filter((role) => allowed(role, 'results.release'))).toEqual(['DOCTOR', 'SUPER_ADMIN']);
  });

  it('reads the values to nurses and doctors, released ones to coaches and nutritionists, existence to reception', () => {
    expect(Object.fromEntries(roles.map((role) => [role, resultAccess(as(role))]))).toEqual({
      CLIENT: 'released-values',
      NURSE: 'values',
      RECEPTION: 'existence',
      DOCTOR: 'values',
      HEALTH_COACH: 'released-values',
      NUTRITIONIST: 'released-values',
      ADMIN: 'none',
      SUPER_ADMIN: 'values',
      NO_ROLE: 'none',
    });
  });

  it('lets a client read only its own results and advice, and follow only its own advice', () => {
    expect(decide(as('CLIENT'), 'results.read', { id: me, role: 'CLIENT' })).toEqual({ allowed: true, via: 'self' });
    expect(allowed('CLIENT', 'results.read')).toBe(false);
    expect(decide(as('CLIENT'), 'advices.follow', { id: me, role: 'CLIENT' }).allowed).toBe(true);
    expect(allowed('CLIENT', 'advices.follow')).toBe(false);
    expect(roles.filter((role) => decide(as(role), 'advices.follow', { id: me, role }).allowed)).toEqual(['CLIENT']);
  });

  it('lets doctors, coaches and nutritionists write advice, the care team read it, not reception or ADMIN', () => {
    expect(roles.filter((role) => allowed(role, 'advices.write'))).toEqual([
      'DOCTOR',
      'HEALTH_COACH',
      'NUTRITIONIST',
      'SUPER_ADMIN',
    ]);
    expect(roles.filter((role) => allowed(role, 'advices.read'))).toEqual([
      'NURSE',
      'DOCTOR',
      'HEALTH_COACH',
      'NUTRITIONIST',
      'SUPER_ADMIN',
    ]);
  });
});
