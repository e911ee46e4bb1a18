import { describe, expect, it } from 'vitest';
import { ROLES } from './roles.ts';
import type { RoleOrNone } from './rules.ts';
import {
  PROFILE_SECTION_ACCESS,
  profileFieldsShown,
  profileReadFields,
  profileWriteRights,
  projectProfileFields,
} from './profile-access.ts';
import {
  PROFILE_FIELD_NAMES,
  SELF_SERVICE_FIELDS,
  fieldsOfSection,
  type ProfileField,
  type ProfileSectionId,
} from '../people/profile-fields.ts';

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

  it('lets the care team read the phone number of the client they are asked to call, no other contact detail', () => {
    for (const role of ['NURSE', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'] as const) {
      const read = profileReadFields(person(SELF, role), person(OTHER, 'CLIENT'));
      expect(read.has('phone_number'), role).toBe(true);
      for (const field of fieldsOf('contact').filter((field) => field !== 'phone_number')) {
        expect(read.has(field), `${role} ${field}`).toBe(false);
      }
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
