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
import { ROLES } from './roles.ts';
import { visitTherapyValues, type Role, type VisitTherapy } from '../schema.gen.ts';

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
  /** Charting a client's visit of a therapy the grant names: starting it and changing its draft. */
  | 'visits.chart'
  /**
   * Signing a draft of a therapy the grant names, and adding addenda to a signed one: a correction of a
   * record is for those who may sign it.
   */
  | 'visits.sign'
  /** Reading a client's assessment results (Thrive checks, cognitive runs, shared risk results). */
  | 'assessments.read'
  /** Recording a client's own Thrive check or cognitive run (see assessments.ts). */
  | 'assessments.write'
  /** Sharing a cardiovascular risk result with a client (it then shows in the client's reports). */
  | 'assessments.share-risk'
  /** Recording that staff reached out to a client about a result that raised an alert (a very low Thrive check). */
  | 'assessments.contact'
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
  /**
   * Reading a client's lab results (how much of each, by role: resource-fields.ts). The lab's original report
   * (PDF) goes to those who read a result's values (result-fields.ts): reception reads only that a result exists.
   */
  | 'results.read'
  /** Entering a client's lab result, importing the lab's report, or attaching the lab's original report (PDF). */
  | 'results.write'
  /** Releasing a reviewed result to the client. */
  | 'results.release'
  /** Reading the advice the care team left a client. */
  | 'advices.read'
  /** Writing advice for a client and changing what it says. */
  | 'advices.write'
  /** Acknowledging advice and ticking off its steps: the client's own. */
  | 'advices.follow'
  /** Reading what the clinic sent a client (an appointment's messages, the client's list) and how it went. */
  | 'messages.read'
  /** Reading and choosing a client's channels for each kind of message. */
  | 'messages.preferences'
  /**
   * Reading the alerts the clinics sent their care inboxes and how each went: they name no client and no
   * score, so they are about no one (reachesEveryone), like the catalogs.
   */
  | 'messages.alerts'
  /** Reading and changing how a clinic's messages go out (reminder lead, video room, care inbox): about no one. */
  | 'clinics.messaging'
  /** Giving an account a new temporary password by e-mail: a password reset, or an invitation sent again. */
  | 'users.reset-password';

interface Grant {
  /** The caller's own record. */
  self?: true;
  /** Records of users holding these roles. */
  roles?: readonly RoleOrNone[];
  /** Never the caller's own record, even when its role is in `roles`. */
  exceptSelf?: true;
  /** Only visits of these therapies (charting and signing are granted therapy by therapy). */
  therapies?: readonly VisitTherapy[];
  /** Only records released to the client (lab results): one not released yet is not there for the caller. */
  releasedOnly?: true;
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

/**
 * Every therapy: nurses and doctors chart, sign and correct all five (PRODUCT.md section 3). A role that
 * ran only some therapies would be granted those.
 */
const EVERY_THERAPY: readonly VisitTherapy[] = visitTherapyValues;

/**
 * The clinical record (PRODUCT.md section 3): nurses and doctors chart and sign therapy visits and write
 * addenda. The rest of the staff group reads that a visit exists (visit-fields in resource-fields.ts says
 * how much of it); ADMIN has no part in visits.
 */
const CHARTING: Permissions = {
  'visits.read': { roles: CLIENTS },
  'visits.chart': { roles: CLIENTS, therapies: EVERY_THERAPY },
  'visits.sign': { roles: CLIENTS, therapies: EVERY_THERAPY },
};

/** The hub group answers clients' messages to the clinic (support.ts: those of their own clinic). */
const SUPPORT: Permissions = {
  'support.read': { roles: CLIENTS },
  'support.write': { roles: CLIENTS },
};

/**
 * The hub group's view of the client's journey: its results (how much of each, by role: resource-fields.ts).
 * A client takes its own checks; staff do not take them for it.
 */
const JOURNEY: Permissions = {
  'assessments.read': { roles: CLIENTS },
};

/** The care team shares a cardiovascular risk result with the client (it then shows in the client's reports). */
const RISK_SHARING: Permissions = {
  'assessments.share-risk': { roles: CLIENTS },
};

/**
 * The care team, who read wellbeing results (PRODUCT.md section 3), follows up a very low Thrive check and
 * records each contact with the client; reception, who reads only that a check was taken, does not.
 */
const WELLBEING_FOLLOW_UP: Permissions = {
  'assessments.contact': { roles: CLIENTS },
};

/**
 * The staff group's discovery and thrive dashboard (spec section 6: both are staff areas; ADMIN, who keeps
 * the user list, has neither).
 */
const DISCOVERY: Permissions = {
  'clients.discover': { roles: CLIENTS },
  'programs.read': { roles: CLIENTS },
};

/**
 * Lab results and advice (PRODUCT.md section 3: the clinical record; resource-fields.ts says how much of
 * each a role reads). The staff group reads that a client's result exists and whether it is released
 * (reception books and answers the phone around it); health coaches and nutritionists read results once a
 * doctor released them, their advice follows what was released; nurses and doctors read every result and
 * enter or import them, doctors release them. Doctors, coaches and nutritionists write advice, which the
 * care team (not reception) reads.
 */
const RESULTS_SEEN: Permissions = { 'results.read': { roles: CLIENTS } };
const RELEASED_RESULTS: Permissions = { 'results.read': { roles: CLIENTS, releasedOnly: true } };
const RESULTS_ENTRY: Permissions = { 'results.read': { roles: CLIENTS }, 'results.write': { roles: CLIENTS } };
const RESULTS_RELEASE: Permissions = { 'results.release': { roles: CLIENTS } };
const ADVICE_READ: Permissions = { 'advices.read': { roles: CLIENTS } };
const ADVISING: Permissions = { ...ADVICE_READ, 'advices.write': { roles: CLIENTS } };
/** The staff group sees what the clinic sent its clients and sets their channels (a client asking at the desk). */
const MESSAGES: Permissions = {
  'messages.read': { roles: CLIENTS },
  'messages.preferences': { roles: CLIENTS },
};

/**
 * Whether the care inbox heard of each very low Thrive check: for those who read the checks and follow them up
 * (the care team), who look at the clients needing attention themselves when it did not.
 */
const CARE_ALERTS: Permissions = {
  'messages.alerts': { roles: EVERYONE },
};

/** The administration sets up how each clinic's messages go out (the backoffice), from the list of clinics. */
const CLINIC_SETUP: Permissions = {
  'clinics.messaging': { roles: EVERYONE },
};

/** NURSE, RECEPTION, DOCTOR, HEALTH_COACH, NUTRITIONIST: the hub and client areas. */
const HUB_STAFF: Permissions = {
  // Staff find clients (discovery); they do not see the staff list.
  'users.list': { roles: CLIENTS },
  'users.read': { self: true, roles: CLIENTS },
  'profiles.read': { self: true, roles: CLIENTS },
  'profiles.update': { self: true, roles: CLIENTS },
  'enrollments.read': { roles: CLIENTS },
  'enrollments.write': { roles: CLIENTS },
  ...SCHEDULING,
  // That a visit exists, its therapy, times and state (resource-fields.ts): the front desk books around it.
  'visits.read': { roles: CLIENTS },
  ...JOURNEY,
  ...OWN_SESSION,
  ...SUPPORT,
  ...DISCOVERY,
  ...RESULTS_SEEN,
  ...MESSAGES,
};

/**
 * HEALTH_COACH and NUTRITIONIST: the hub group, the risk result they advise on, wellbeing follow-up and the care
 * inbox's alerts, released results and advice.
 */
const CARE_TEAM: Permissions = {
  ...HUB_STAFF,
  ...RISK_SHARING,
  ...WELLBEING_FOLLOW_UP,
  ...CARE_ALERTS,
  ...RELEASED_RESULTS,
  ...ADVICE_READ,
};

/** NURSE and DOCTOR: the care team, and the clinical record (every lab result, entered or imported). */
const CLINICIANS: Permissions = { ...CARE_TEAM, ...CHARTING, ...RESULTS_ENTRY };

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
    // Its own results once a doctor released them, and the advice left for it, which it follows.
    'results.read': { self: true, releasedOnly: true },
    'advices.read': { self: true },
    'advices.follow': { self: true },
    // What the clinic sent it, and how it wants to hear from the clinic.
    'messages.read': { self: true },
    'messages.preferences': { self: true },
  },
  NURSE: CLINICIANS,
  RECEPTION: HUB_STAFF,
  DOCTOR: { ...CLINICIANS, ...RESULTS_RELEASE, ...ADVISING },
  HEALTH_COACH: { ...CARE_TEAM, ...ADVISING },
  NUTRITIONIST: { ...CARE_TEAM, ...ADVISING },
  ADMIN: {
    'users.list': { roles: EVERYONE },
    'users.read': { roles: EVERYONE },
    'users.create': { roles: ALL_BUT_SUPER_ADMINS },
    'users.delete': { roles: ALL_BUT_SUPER_ADMINS, exceptSelf: true },
    'users.set-enabled': { roles: ALL_BUT_SUPER_ADMINS, exceptSelf: true },
    'users.assign-role': { roles: ALL_BUT_SUPER_ADMINS, exceptSelf: true },
    'users.reset-password': { roles: ALL_BUT_SUPER_ADMINS, exceptSelf: true },
    ...CLINIC_SETUP,
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
    ...CLINIC_SETUP,
    'users.count': { roles: EVERYONE },
    'audit.read': { roles: EVERYONE },
    'profiles.read': { roles: EVERYONE },
    'profiles.update': { roles: EVERYONE },
    'enrollments.read': { roles: CLIENTS },
    'enrollments.write': { roles: CLIENTS },
    ...SCHEDULING,
    ...CHARTING,
    ...JOURNEY,
    ...RISK_SHARING,
    ...WELLBEING_FOLLOW_UP,
    ...OWN_SESSION,
    ...SUPPORT,
    ...DISCOVERY,
    ...RESULTS_ENTRY,
    ...RESULTS_RELEASE,
    ...ADVISING,
    ...MESSAGES,
    ...CARE_ALERTS,
  },
  // Signed in, but the clinic has not given the account a role: it may look at itself, nothing else.
  NO_ROLE: {
    'users.read': { self: true },
    'profiles.read': { self: true },
    ...OWN_SESSION,
  },
};

export interface Caller {
  id: string;
  role: RoleOrNone;
}

export interface Target {
  /** The user whose record it is; null when there is none yet (creation) or for a list. */
  id: string | null;
  role: RoleOrNone;
  /** The therapy of the visit charted or signed (grants with `therapies`); left out, any therapy the grant names. */
  therapy?: VisitTherapy;
  /** Whether the record (a lab result) is released to the client (grants with `releasedOnly`); left out, it is. */
  released?: boolean;
}

export type Decision =
  | { allowed: true; via: 'self' | 'role' }
  | { allowed: false; reason: 'not-granted' | 'out-of-reach' | 'own-record' | 'unreleased' };

export function decide(caller: Caller, operation: Operation, target: Target): Decision {
  const grant = ACCESS_RULES[caller.role][operation];
  if (!grant) return { allowed: false, reason: 'not-granted' };
  if (grant.therapies && target.therapy !== undefined && !grant.therapies.includes(target.therapy)) {
    return { allowed: false, reason: 'not-granted' };
  }
  const own = target.id !== null && target.id === caller.id;
  if (own && grant.exceptSelf) return { allowed: false, reason: 'own-record' };
  const via = grant.roles?.includes(target.role) ? 'role' : own && grant.self ? 'self' : null;
  if (via === null) return { allowed: false, reason: 'out-of-reach' };
  // Within reach, but not there for the caller until a clinician releases it.
  if (grant.releasedOnly && target.released === false) return { allowed: false, reason: 'unreleased' };
  return { allowed: true, via };
}

/**
 * Whose records a list shows the caller: the users of some roles (every user
 * when the roles are all of them, and no filter is needed), or only its own;
 * `none` when its role has no grant for the operation. `releasedOnly`: of
 * those, only the records released to the client.
 */
export type ListScope =
  | { via: 'role'; roles: readonly RoleOrNone[]; everyone: boolean; releasedOnly?: true }
  | { via: 'self'; releasedOnly?: true }
  | { via: 'none' };

/** A grant reaching other users lists theirs; one reaching only the caller's own record lists its own. */
export function listScopeOf(caller: Caller, operation: Operation): ListScope {
  const grant = ACCESS_RULES[caller.role][operation];
  const releasedOnly = grant?.releasedOnly;
  if (grant?.roles && grant.roles.length > 0) {
    return { via: 'role', roles: grant.roles, everyone: listsEveryone(grant.roles), releasedOnly };
  }
  return grant?.self ? { via: 'self', releasedOnly } : { via: 'none' };
}

/**
 * Whether `role` may do `operation` to some client (of `therapy`, for a visit): what the app asks before it
 * offers an action (a chart, a sign-off, an addendum box); the server decides each request on the record.
 */
export function mayDoToClients(role: RoleOrNone, operation: Operation, therapy?: VisitTherapy): boolean {
  return decide({ id: '', role }, operation, { id: null, role: 'CLIENT', therapy }).allowed;
}

function listsEveryone(roles: readonly RoleOrNone[]): boolean {
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
