/**
 * Minimum necessary on a profile: which of its sections (profile-fields.ts)
 * each role reads and writes, the one table the server answers every profile
 * through and the profile form offers its fields from.
 */
import {
  PROFILE_FIELD_NAMES,
  PROFILE_SECTIONS,
  SELF_SERVICE_FIELDS,
  fieldsOfSection,
  type ProfileField,
  type ProfileSectionId,
} from '../people/profile-fields.ts';
import { ROLES } from './roles.ts';
import { decide, type Caller, type RoleOrNone, type Target } from './rules.ts';
import type { Role } from '../schema.gen.ts';

/**
 * Minimum necessary (HIPAA): which sections of a profile (profile-fields.ts)
 * each role reads, and which it writes, on the profiles its `roles` grant
 * reaches. Reception: demographics, contact and scheduling. ADMIN: identity,
 * contact and administration (the account's name, how to reach the person,
 * their clinic). The clinical roles: what care needs (who the person is, the
 * emergency contact, appointment length, the health journey; doctors and
 * nurses the health ids too), each writing its own sections, and the client's
 * phone number (`alsoRead`: they are the ones asked to call a client whose
 * Thrive check is very low), not the rest of the contact details. Whoever
 * reaches a profile also reads who it is (ids, names, e-mail, role), its
 * consent and its version. A person reads all of their own profile and writes
 * its self-service fields. Grants themselves (who reaches whose profile) are
 * ACCESS_RULES' profiles.read and profiles.update.
 */
export const PROFILE_SECTION_ACCESS: Readonly<
  Record<
    RoleOrNone,
    { read: readonly ProfileSectionId[]; alsoRead?: readonly ProfileField[]; write: readonly ProfileSectionId[] }
  >
> = {
  CLIENT: { read: [], write: [] },
  RECEPTION: {
    read: ['personal', 'contact', 'emergency', 'work', 'care'],
    write: ['personal', 'contact', 'emergency', 'work', 'care'],
  },
  NURSE: {
    read: ['personal', 'emergency', 'care', 'health', 'ids'],
    alsoRead: ['phone_number'],
    write: ['emergency', 'health'],
  },
  DOCTOR: {
    read: ['personal', 'emergency', 'care', 'health', 'ids'],
    alsoRead: ['phone_number'],
    write: ['health', 'ids'],
  },
  HEALTH_COACH: { read: ['personal', 'care', 'health'], alsoRead: ['phone_number'], write: ['health'] },
  NUTRITIONIST: { read: ['personal', 'care', 'health'], alsoRead: ['phone_number'], write: ['health'] },
  ADMIN: { read: ['personal', 'contact', 'work'], write: ['personal', 'contact', 'work'] },
  SUPER_ADMIN: {
    read: PROFILE_SECTIONS.map((section) => section.id),
    write: PROFILE_SECTIONS.map((section) => section.id),
  },
  NO_ROLE: { read: [], write: [] },
};

/** Read by whoever may read a profile at all: who it is. The rest of the field table is per section. */
export const PROFILE_FIELDS_ALWAYS_READ: readonly ProfileField[] = ['first_name', 'last_name'];

function fieldsOfSections(sections: readonly ProfileSectionId[]): ProfileField[] {
  return sections.flatMap(fieldsOfSection);
}

export interface ProfileWriteRights {
  /** The profile fields the caller may change (consent aside: it has its own path). */
  fields: ReadonlySet<ProfileField>;
  /** The roles the caller may give the user; empty when the user's role is not the caller's to change. */
  roleChoices: readonly Role[];
}

/**
 * What `caller` may change on the profile of `target`: the same answer the
 * server's checks give. Through its role, the sections its role writes; on
 * its own record, also the self-service fields.
 */
export function profileWriteRights(caller: Caller, target: Target): ProfileWriteRights {
  const update = decide(caller, 'profiles.update', target);
  const fields = new Set<ProfileField>();
  if (update.allowed && update.via === 'role') {
    for (const field of fieldsOfSections(PROFILE_SECTION_ACCESS[caller.role].write)) fields.add(field);
  }
  const own = target.id !== null && target.id === caller.id;
  if (update.allowed && own) for (const field of SELF_SERVICE_FIELDS) fields.add(field);
  const reachesUser = decide(caller, 'users.assign-role', target);
  const roleChoices =
    reachesUser.allowed && reachesUser.via === 'role'
      ? ROLES.filter((role) => decide(caller, 'users.assign-role', { id: null, role }).allowed)
      : [];
  return { fields, roleChoices };
}

/**
 * The profile fields `caller` reads on the profile of `target`: all of its own,
 * through its role the sections its role reads (and always the names); none
 * when it may not read the profile at all.
 */
export function profileReadFields(caller: Caller, target: Target): ReadonlySet<ProfileField> {
  const read = decide(caller, 'profiles.read', target);
  if (!read.allowed) return NO_FIELDS;
  const own = target.id !== null && target.id === caller.id;
  if (own) return EVERY_FIELD;
  return readFieldsOfRole(caller.role);
}

/**
 * The profile fields answered to `caller` about `target`, whom it reaches by
 * some grant (a list, a record): always who it is (the names), and what it
 * reads of the profile.
 */
export function profileFieldsShown(caller: Caller, target: Target): ReadonlySet<ProfileField> {
  const read = profileReadFields(caller, target);
  // Every read set holds the names; only the empty one lacks them.
  return read.size === 0 ? NAMES_ONLY : read;
}

const NO_FIELDS: ReadonlySet<ProfileField> = new Set();
const EVERY_FIELD: ReadonlySet<ProfileField> = new Set(PROFILE_FIELD_NAMES);
const NAMES_ONLY: ReadonlySet<ProfileField> = new Set(PROFILE_FIELDS_ALWAYS_READ);
/** Each role's read set of someone else's profile, made once: a list page asks for it for every row. */
const READ_FIELDS_OF_ROLE = new Map<RoleOrNone, ReadonlySet<ProfileField>>();

function readFieldsOfRole(role: RoleOrNone): ReadonlySet<ProfileField> {
  let fields = READ_FIELDS_OF_ROLE.get(role);
  if (!fields) {
    const access = PROFILE_SECTION_ACCESS[role];
    fields = new Set([...PROFILE_FIELDS_ALWAYS_READ, ...fieldsOfSections(access.read), ...(access.alsoRead ?? [])]);
    READ_FIELDS_OF_ROLE.set(role, fields);
  }
  return fields;
}

/**
 * A record holding profile fields, answered to a caller: every profile field
 * it may not read is left out (the contract marks them optional). Keys that
 * are not profile fields (ids, e-mail, role, consent, version) stay. A record
 * the caller may read whole is answered as it is, not copied (a list page
 * answers fifty of them), so the result must be treated as read-only.
 */
export function projectProfileFields<T extends object>(record: T, readable: ReadonlySet<ProfileField>): T {
  if (Object.keys(record).every((key) => !isProfileField(key) || readable.has(key))) return record;
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!isProfileField(key) || readable.has(key)) shown[key] = value;
  }
  return shown as T;
}

const PROFILE_FIELD_SET: ReadonlySet<string> = new Set(PROFILE_FIELD_NAMES);

export function isProfileField(key: string): key is ProfileField {
  return PROFILE_FIELD_SET.has(key);
}
