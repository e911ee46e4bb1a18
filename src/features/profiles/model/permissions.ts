import { ROLES, type Role } from '../../../lib/auth/roles';
import { PROFILE_SECTIONS, type ProfileField } from './fields';

/**
 * Which profile fields a person may change, and which roles they may give.
 *
 * The server decides (server/access/rules.ts, `profiles.update` and
 * `users.assign-role`); this table mirrors it so the form offers only what the
 * server would accept, and shows the rest read-only. A change here without
 * the same change on the server only makes the form wrong, never the data.
 */

/** A role, or none: an account the clinic has not given a role. */
type RoleOrNone = Role | null;

interface Reach {
  /** The person's own profile. */
  self?: true;
  /** Profiles of users holding these roles. */
  roles?: readonly RoleOrNone[];
  /** Never the person's own profile, even when its role is listed. */
  exceptSelf?: true;
}

const EVERYONE: readonly RoleOrNone[] = [...ROLES, null];
const ALL_BUT_SUPER_ADMINS: readonly RoleOrNone[] = EVERYONE.filter((role) => role !== 'SUPER_ADMIN');
const CLIENTS: readonly RoleOrNone[] = ['CLIENT'];

const CLINICAL_STAFF = { profile: { self: true, roles: CLIENTS } } as const satisfies PersonRules;

interface PersonRules {
  /** Whose profiles the role may edit (every field but role through `roles`; the self-service fields through `self`). */
  profile?: Reach;
  /** Whose role the role may change, and to which roles. */
  role?: Reach;
}

export const PROFILE_EDIT_RULES: Readonly<Record<Role, PersonRules>> = {
  CLIENT: { profile: { self: true } },
  NURSE: CLINICAL_STAFF,
  RECEPTION: CLINICAL_STAFF,
  DOCTOR: CLINICAL_STAFF,
  HEALTH_COACH: CLINICAL_STAFF,
  NUTRITIONIST: CLINICAL_STAFF,
  ADMIN: {
    profile: { roles: ALL_BUT_SUPER_ADMINS },
    role: { roles: ALL_BUT_SUPER_ADMINS, exceptSelf: true },
  },
  SUPER_ADMIN: {
    profile: { roles: EVERYONE },
    role: { roles: EVERYONE, exceptSelf: true },
  },
};

/**
 * What anyone may change on their own profile: contact details, emergency
 * contact, health goals, story, lifestyle and family history (consent goes
 * through the HIPAA modal).
 */
export const SELF_SERVICE_FIELDS: readonly ProfileField[] = [
  'phone_number',
  'alternate_phone',
  'alternate_email',
  'preferred_contact_method',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'country',
  'zipcode',
  'emergency_contact_name',
  'emergency_contact_relation',
  'emergency_contact_number',
  'health_goals',
  'client_story',
  'lifestyle_history',
  'family_history',
];

const ALL_FIELDS: readonly ProfileField[] = PROFILE_SECTIONS.flatMap((section) => section.fields);

export interface Person {
  id: string;
  role: RoleOrNone;
}

export interface ProfileEditRights {
  /** The profile fields the viewer may change; the others show read-only. */
  fields: ReadonlySet<ProfileField>;
  /** The roles the viewer may give the person; empty when the role cannot be changed by the viewer. */
  roleChoices: readonly Role[];
}

export const NO_RIGHTS: ProfileEditRights = { fields: new Set(), roleChoices: [] };

function reaches(reach: Reach | undefined, viewer: Person, target: Person): 'role' | 'self' | null {
  if (!reach) return null;
  const own = viewer.id.toLowerCase() === target.id.toLowerCase();
  if (own && reach.exceptSelf) return null;
  if (reach.roles?.includes(target.role)) return 'role';
  if (own && reach.self) return 'self';
  return null;
}

/** What `viewer` may change on the profile of `target`. A viewer without a role may change nothing. */
export function profileEditRights(viewer: Person, target: Person): ProfileEditRights {
  if (viewer.role === null) return NO_RIGHTS;
  const rules = PROFILE_EDIT_RULES[viewer.role];
  const via = reaches(rules.profile, viewer, target);
  const fields = new Set<ProfileField>(via === 'role' ? ALL_FIELDS : via === 'self' ? SELF_SERVICE_FIELDS : []);
  // The role may change only when the grant reaches the user as it is; the new role must be reachable too.
  const roleChoices =
    reaches(rules.role, viewer, target) === 'role'
      ? ROLES.filter((role) => rules.role?.roles?.includes(role) === true)
      : [];
  return { fields, roleChoices };
}

export function mayEditAnything(rights: ProfileEditRights): boolean {
  return rights.fields.size > 0 || rights.roleChoices.length > 0;
}
