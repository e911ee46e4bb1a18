/**
 * Who may do what: spec section 6 and PRODUCT.md section 3, in one table. The
 * server enforces it on every request; the app reads the same table to offer
 * only what the server would allow (which screens, which fields, which roles).
 *
 * A grant says whose records an operation reaches: the caller's own (`self`)
 * and/or users holding certain roles (`roles`). The caller's role, and the
 * target's, come from the API's database; a user without a row there (or
 * without a role) counts as NO_ROLE. A disabled caller gets no further than
 * authentication; a disabled target keeps its role here, so that ADMIN can no
 * more enable a disabled SUPER_ADMIN than disable an active one.
 *
 * Not found versus forbidden: a caller learns that a user does not exist
 * (404) only when its grant reaches users without a role, i.e. when it could
 * read any account. Everyone else gets 403 for a missing user and for a user
 * out of reach alike, so ids cannot be probed for existence.
 */
import {
  PROFILE_FIELD_NAMES,
  PROFILE_SECTIONS,
  SELF_SERVICE_FIELDS,
  fieldsOfSection,
  type ConsentField,
  type ProfileField,
  type ProfileSectionId,
} from '../people/profile-fields.ts';
import { ROLES } from './roles.ts';
import type { Role } from '../schema.gen.ts';

export type RoleOrNone = Role | 'NO_ROLE';

export type Operation =
  | 'users.list'
  | 'users.read'
  | 'users.create'
  | 'users.delete'
  /** Disabling an account, or enabling it again. */
  | 'users.set-enabled'
  /** Giving a user a role (at creation or by PATCH): the grant must reach both the old and the new role. */
  | 'users.assign-role'
  /** Counting users by role and status: a whole-population read, allowed only with a grant reaching everyone. */
  | 'users.count'
  /** Reading the audit trail: a whole-population read, like users.count. */
  | 'audit.read'
  | 'profiles.read'
  | 'profiles.update'
  | 'enrollments.read'
  | 'enrollments.write'
  /** Reading the clinics' resources: the schedule's own catalog, about no user (reachesEveryone). */
  | 'schedule.catalog'
  /**
   * Reading what can be booked: the clinics (hours, contacts), the services, the tests and their
   * prices, and free slots; about no user (reachesEveryone). Slots leave out the caller's own
   * booked times, and a client's only: naming another client needs appointments.read.
   */
  | 'booking.catalog'
  /** Reading a client's appointments. */
  | 'appointments.read'
  /**
   * Booking a client, rescheduling, moving an appointment on (check-in, start, complete, no-show), notes.
   * A client (`self`): booking and moving its own portal bookings only, on the terms of booking.ts.
   */
  | 'appointments.write'
  /** Cancelling a booked appointment (a client: its own, until the cut-off; see appointments.ts). */
  | 'appointments.cancel'
  /** Reading a client's therapy visits (a client: its own, signed ones only; see visits.ts). */
  | 'visits.read'
  /** Charting a client's visit: drafts, sign-off and addenda. */
  | 'visits.write'
  /** Reading a client's assessment results (Thrive checks, cognitive runs, shared risk results). */
  | 'assessments.read'
  /** Recording a client's own Thrive check or cognitive run (see assessments.ts). */
  | 'assessments.write'
  /** Sharing a cardiovascular risk result with a client (it then shows in the client's reports). */
  | 'assessments.share-risk'
  /** Signing out: ending the caller's own sessions. */
  | 'sessions.end'
  /** Reading a client's messages to the clinic (staff: of their own clinic; see support.ts). */
  | 'support.read'
  /** Writing to the clinic (a client, its own threads) or answering (staff, threads of their clinic). */
  | 'support.write'
  /** Finding clients (discovery's search) and reading a client's alerts from its visits. */
  | 'clients.discover'
  /** Reading the programs and the progress of the clients enrolled in them (the thrive dashboard). */
  | 'programs.read'
  /** Reading what the clinic sent a client (an appointment's messages, the client's list) and how it went. */
  | 'messages.read'
  /** Reading and choosing a client's channels for each kind of message. */
  | 'messages.preferences'
  /** Giving an account a new temporary password by e-mail: a password reset, or an invitation sent again. */
  | 'users.reset-password';

interface Grant {
  /** The caller's own record. */
  self?: true;
  /** Records of users holding these roles. */
  roles?: readonly RoleOrNone[];
  /** Never the caller's own record, even when its role is in `roles`. */
  exceptSelf?: true;
}

type Permissions = Readonly<Partial<Record<Operation, Grant>>>;

/**
 * Spec section 6's role groups: who enters the portal, the staff areas (hub,
 * thrive dashboard, appointments, discovery, visits, client details and
 * profile) and the administration. SUPER_ADMIN passes every guard; ADMIN is
 * not in the staff group.
 */
export const ROLE_GROUPS = {
  client: ['CLIENT'],
  staff: ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'SUPER_ADMIN'],
  admin: ['ADMIN', 'SUPER_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type RoleGroup = keyof typeof ROLE_GROUPS;

/** Whether `role` belongs to `group`; SUPER_ADMIN belongs everywhere. */
export function inGroup(role: Role, group: RoleGroup): boolean {
  return role === 'SUPER_ADMIN' || (ROLE_GROUPS[group] as readonly Role[]).includes(role);
}

const CLIENTS: readonly RoleOrNone[] = ROLE_GROUPS.client;
/** Everyone signed in may end its own sessions (a client before consent, a user without a role too). */
const OWN_SESSION: Permissions = { 'sessions.end': { self: true } };
const EVERYONE: readonly RoleOrNone[] = [...ROLES, 'NO_ROLE'];
/** ADMIN manages every account but SUPER_ADMIN ones, so it cannot raise anyone (itself included) above itself. */
const ALL_BUT_SUPER_ADMINS: readonly RoleOrNone[] = EVERYONE.filter((role) => role !== 'SUPER_ADMIN');

/**
 * The staff group's schedule (spec section 6: appointments belong to the staff
 * areas; ADMIN is not in that group and has no part in it).
 */
const SCHEDULING: Permissions = {
  'schedule.catalog': { roles: EVERYONE },
  'booking.catalog': { roles: EVERYONE },
  'appointments.read': { roles: CLIENTS },
  'appointments.write': { roles: CLIENTS },
  'appointments.cancel': { roles: CLIENTS },
};

/** The staff group's charting of therapy visits (spec section 6: visits are a staff area; ADMIN has none). */
const CHARTING: Permissions = {
  'visits.read': { roles: CLIENTS },
  'visits.write': { roles: CLIENTS },
};

/** The hub group answers clients' messages to the clinic (support.ts: those of their own clinic). */
const SUPPORT: Permissions = {
  'support.read': { roles: CLIENTS },
  'support.write': { roles: CLIENTS },
};

/**
 * The hub group's view of the client's journey: its results, and the risk
 * result staff share with it. A client takes its own checks; staff do not
 * take them for it.
 */
const JOURNEY: Permissions = {
  'assessments.read': { roles: CLIENTS },
  'assessments.share-risk': { roles: CLIENTS },
};

/**
 * The staff group's discovery and thrive dashboard (spec section 6: both are staff areas; ADMIN, who keeps
 * the user list, has neither).
 */
const DISCOVERY: Permissions = {
  'clients.discover': { roles: CLIENTS },
  'programs.read': { roles: CLIENTS },
};

/** The staff group sees what the clinic sent its clients and sets their channels (a client asking at the desk). */
const MESSAGES: Permissions = {
  'messages.read': { roles: CLIENTS },
  'messages.preferences': { roles: CLIENTS },
};

/** NURSE, RECEPTION, DOCTOR, HEALTH_COACH, NUTRITIONIST: the hub and client areas. */
const CLINICAL_STAFF: Permissions = {
  // Staff find clients (discovery); they do not see the staff list.
  'users.list': { roles: CLIENTS },
  'users.read': { self: true, roles: CLIENTS },
  'profiles.read': { self: true, roles: CLIENTS },
  'profiles.update': { self: true, roles: CLIENTS },
  'enrollments.read': { roles: CLIENTS },
  'enrollments.write': { roles: CLIENTS },
  ...SCHEDULING,
  ...CHARTING,
  ...JOURNEY,
  ...OWN_SESSION,
  ...SUPPORT,
  ...DISCOVERY,
  ...MESSAGES,
};

export const ACCESS_RULES: Readonly<Record<RoleOrNone, Permissions>> = {
  CLIENT: {
    'users.read': { self: true },
    'profiles.read': { self: true },
    'profiles.update': { self: true },
    'enrollments.read': { self: true },
    // What the portal books (clinics, services, tests, free slots): the catalog, about no one.
    'booking.catalog': { roles: EVERYONE },
    // Its own appointments; cancelling only while booked and until the cut-off (appointments.ts);
    // booking and moving only what the portal offers, into free time, until the cut-off (booking.ts).
    'appointments.read': { self: true },
    'appointments.write': { self: true },
    'appointments.cancel': { self: true },
    // Its own signed visits, as summaries in the portal; never a draft.
    'visits.read': { self: true },
    // Its own Thrive checks and cognitive runs, and the risk results shared with it.
    'assessments.read': { self: true },
    'assessments.write': { self: true },
    ...OWN_SESSION,
    // Its own messages to the clinic.
    'support.read': { self: true },
    'support.write': { self: true },
    // What the clinic sent it, and how it wants to hear from the clinic.
    'messages.read': { self: true },
    'messages.preferences': { self: true },
  },
  NURSE: CLINICAL_STAFF,
  RECEPTION: CLINICAL_STAFF,
  DOCTOR: CLINICAL_STAFF,
  HEALTH_COACH: CLINICAL_STAFF,
  NUTRITIONIST: CLINICAL_STAFF,
  ADMIN: {
    'users.list': { roles: EVERYONE },
    'users.read': { roles: EVERYONE },
    'users.create': { roles: ALL_BUT_SUPER_ADMINS },
    'users.delete': { roles: ALL_BUT_SUPER_ADMINS, exceptSelf: true },
    'users.set-enabled': { roles: ALL_BUT_SUPER_ADMINS, exceptSelf: true },
    'users.assign-role': { roles: ALL_BUT_SUPER_ADMINS, exceptSelf: true },
    'users.reset-password': { roles: ALL_BUT_SUPER_ADMINS, exceptSelf: true },
    'users.count': { roles: EVERYONE },
    'audit.read': { roles: EVERYONE },
    'profiles.read': { roles: EVERYONE },
    'profiles.update': { roles: ALL_BUT_SUPER_ADMINS },
    'enrollments.read': { roles: CLIENTS },
    'enrollments.write': { roles: CLIENTS },
    ...OWN_SESSION,
  },
  SUPER_ADMIN: {
    'users.list': { roles: EVERYONE },
    'users.read': { roles: EVERYONE },
    'users.create': { roles: EVERYONE },
    'users.delete': { roles: EVERYONE, exceptSelf: true },
    'users.set-enabled': { roles: EVERYONE, exceptSelf: true },
    'users.assign-role': { roles: EVERYONE, exceptSelf: true },
    'users.reset-password': { roles: EVERYONE, exceptSelf: true },
    'users.count': { roles: EVERYONE },
    'audit.read': { roles: EVERYONE },
    'profiles.read': { roles: EVERYONE },
    'profiles.update': { roles: EVERYONE },
    'enrollments.read': { roles: CLIENTS },
    'enrollments.write': { roles: CLIENTS },
    ...SCHEDULING,
    ...CHARTING,
    ...JOURNEY,
    ...OWN_SESSION,
    ...SUPPORT,
    ...DISCOVERY,
    ...MESSAGES,
  },
  // Signed in, but the clinic has not given the account a role: it may look at itself, nothing else.
  NO_ROLE: {
    'users.read': { self: true },
    'profiles.read': { self: true },
    ...OWN_SESSION,
  },
};

/**
 * Minimum necessary (HIPAA): which sections of a profile (profile-fields.ts)
 * each role reads, and which it writes, on the profiles its `roles` grant
 * reaches. Reception: demographics, contact and scheduling. ADMIN: identity,
 * contact and administration (the account's name, how to reach the person,
 * their clinic). The clinical roles: what care needs (who the person is, the
 * emergency contact, appointment length, the health journey; doctors and
 * nurses the health ids too), each writing its own sections. Whoever reaches
 * a profile also reads who it is (ids, names, e-mail, role), its consent and
 * its version. A person reads all of their own profile and writes its
 * self-service fields. Grants themselves (who reaches whose profile) are
 * ACCESS_RULES' profiles.read and profiles.update.
 */
export const PROFILE_SECTION_ACCESS: Readonly<
  Record<RoleOrNone, { read: readonly ProfileSectionId[]; write: readonly ProfileSectionId[] }>
> = {
  CLIENT: { read: [], write: [] },
  RECEPTION: {
    read: ['personal', 'contact', 'emergency', 'work', 'care'],
    write: ['personal', 'contact', 'emergency', 'work', 'care'],
  },
  NURSE: { read: ['personal', 'emergency', 'care', 'health', 'ids'], write: ['emergency', 'health'] },
  DOCTOR: { read: ['personal', 'emergency', 'care', 'health', 'ids'], write: ['health', 'ids'] },
  HEALTH_COACH: { read: ['personal', 'care', 'health'], write: ['health'] },
  NUTRITIONIST: { read: ['personal', 'care', 'health'], write: ['health'] },
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

export const CONSENT_FIELDS: readonly ConsentField[] = ['hipaa_consent', 'hipaa_consent_date', 'hipaa_consent_version'];

/**
 * The problem type of a request refused because the client has not given (or
 * has withdrawn) its HIPAA consent: the app answers it with the authorization.
 */
export const CONSENT_REQUIRED_PROBLEM = 'https://thrive.clinic/problems/consent-required';

/**
 * Profile fields a user may change on its own record through the `self` grant:
 * the self-service fields of the field table, and its own HIPAA consent (on
 * the terms of checkConsentChange). Through a `roles` grant, the sections of
 * PROFILE_SECTION_ACCESS the role writes and a withdrawal of consent;
 * `role` needs users.assign-role.
 */
export const SELF_SERVICE_PROFILE_FIELDS: ReadonlySet<string> = new Set<string>([
  ...SELF_SERVICE_FIELDS,
  ...CONSENT_FIELDS,
]);

export const HIPAA_CONSENT_VERSION = '1.0';
/** How far a consent date given by the client may be from the server's clock (device clocks drift). */
export const CONSENT_DATE_TOLERANCE_MS = 5 * 60 * 1000;

export interface Caller {
  id: string;
  role: RoleOrNone;
}

export interface Target {
  /** The user whose record it is; null when there is none yet (creation) or for a list. */
  id: string | null;
  role: RoleOrNone;
}

export type Decision =
  { allowed: true; via: 'self' | 'role' } | { allowed: false; reason: 'not-granted' | 'out-of-reach' | 'own-record' };

export function decide(caller: Caller, operation: Operation, target: Target): Decision {
  const grant = ACCESS_RULES[caller.role][operation];
  if (!grant) return { allowed: false, reason: 'not-granted' };
  const own = target.id !== null && target.id === caller.id;
  if (own && grant.exceptSelf) return { allowed: false, reason: 'own-record' };
  if (grant.roles?.includes(target.role)) return { allowed: true, via: 'role' };
  if (own && grant.self) return { allowed: true, via: 'self' };
  return { allowed: false, reason: 'out-of-reach' };
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
    fields = new Set([...PROFILE_FIELDS_ALWAYS_READ, ...fieldsOfSections(PROFILE_SECTION_ACCESS[role].read)]);
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

/** The roles whose users a list operation shows the caller; empty when it may not list at all. */
export function rolesListable(
  caller: Caller,
  operation:
    | 'users.list'
    | 'enrollments.read'
    | 'appointments.read'
    | 'visits.read'
    | 'assessments.read'
    | 'clients.discover'
    | 'programs.read'
    | 'support.read',
): readonly RoleOrNone[] {
  return ACCESS_RULES[caller.role][operation]?.roles ?? [];
}

/** Whether the caller may list every user, whatever its role (no filter needed). */
export function listsEveryone(roles: readonly RoleOrNone[]): boolean {
  return EVERYONE.every((role) => roles.includes(role));
}

/**
 * Whether the caller's grant for `operation` reaches every user. Counts and the
 * audit trail are about everyone at once (the trail names actors as well as
 * subjects), so a grant reaching only some users allows neither.
 */
export function reachesEveryone(caller: Caller, operation: Operation): boolean {
  return listsEveryone(ACCESS_RULES[caller.role][operation]?.roles ?? []);
}

export interface ConsentChange {
  hipaa_consent?: boolean;
  hipaa_consent_date?: string | null;
  hipaa_consent_version?: string | null;
}

/**
 * A user changing its own consent may only give it: true, version 1.0, dated
 * now. Withdrawing or back-dating is done in writing through the clinic
 * (whose staff record it). Returns the fields at fault, empty when acceptable.
 */
export function checkConsentChange(change: ConsentChange, now: Date): { field: string; message: string }[] {
  const touched = 'hipaa_consent' in change || 'hipaa_consent_date' in change || 'hipaa_consent_version' in change;
  if (!touched) return [];
  const errors: { field: string; message: string }[] = [];
  if (change.hipaa_consent !== true) {
    errors.push({
      field: 'body.hipaa_consent',
      message: 'You may only give your consent (true); withdraw it in writing.',
    });
  }
  if (change.hipaa_consent_version !== HIPAA_CONSENT_VERSION) {
    errors.push({
      field: 'body.hipaa_consent_version',
      message: `Consent must be to version ${HIPAA_CONSENT_VERSION}.`,
    });
  }
  const date = typeof change.hipaa_consent_date === 'string' ? Date.parse(change.hipaa_consent_date) : Number.NaN;
  if (Number.isNaN(date) || Math.abs(date - now.getTime()) > CONSENT_DATE_TOLERANCE_MS) {
    errors.push({ field: 'body.hipaa_consent_date', message: 'Consent must be dated now.' });
  }
  return errors;
}

/**
 * The clinic records a client's consent only as given by the client (through
 * the portal) or as withdrawn in writing: staff may set it to false, clearing
 * its date and version, and nothing else. Returns the fields at fault.
 */
export function checkConsentWithdrawal(change: ConsentChange): { field: string; message: string }[] {
  const touched = 'hipaa_consent' in change || 'hipaa_consent_date' in change || 'hipaa_consent_version' in change;
  if (!touched) return [];
  const errors: { field: string; message: string }[] = [];
  if (change.hipaa_consent !== false) {
    errors.push({
      field: 'body.hipaa_consent',
      message:
        change.hipaa_consent === undefined
          ? 'A withdrawal sets it to false.'
          : 'Only the client gives consent; the clinic records a withdrawal (false).',
    });
  }
  for (const field of ['hipaa_consent_date', 'hipaa_consent_version'] as const) {
    if (change[field] !== undefined && change[field] !== null) {
      errors.push({ field: `body.${field}`, message: 'A withdrawal clears it (null).' });
    }
  }
  return errors;
}
