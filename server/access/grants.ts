/**
 * Whether the caller may do an operation to a record's user: the one place a
 * service asks (openapi/access/rules.ts is the table). Looks the target
 * user's role up and turns a refusal into the answer the caller gets.
 */
import { isRole } from '../core/contract-types.ts';
import type { Queryable } from '../db/database.ts';
import { conflict, forbidden, notFound, type HttpProblem } from '../core/problem.ts';
import {
  decide,
  listScopeOf,
  reachesEveryone,
  type Caller,
  type Operation,
  type Target,
  type VisitTherapy,
} from '@contract';

/** The user `id` as the rules see it: a user the API has no row for counts as one without a role. */
export async function targetUser(db: Queryable, id: string): Promise<Target> {
  const [user] = await db.query<{ role: string | null }>('SELECT role FROM users WHERE id = $1', [id]);
  return { id: id.toLowerCase(), role: isRole(user?.role) ? user.role : 'NO_ROLE' };
}

/** The same user, for an operation on a visit of `therapy` (charting and signing are granted per therapy). */
export async function targetVisitClient(db: Queryable, id: string, therapy: VisitTherapy): Promise<Target> {
  return { ...(await targetUser(db, id)), therapy };
}

/** The same user, for reading a lab result of theirs, `released` to them or not (some grants reach only those). */
export async function targetResultClient(db: Queryable, id: string, released: boolean): Promise<Target> {
  return { ...(await targetUser(db, id)), released };
}

const REFUSALS: Readonly<Record<Operation, string>> = {
  'users.list': 'You may not list these users.',
  'users.read': 'You may not read this user.',
  'users.create': 'You may not create a user with this role.',
  'users.delete': 'You may not delete this user.',
  'users.set-enabled': 'You may not disable or enable this user.',
  'users.assign-role': 'You may not give this role, or change this user’s role.',
  'users.count': 'You may not count users.',
  'audit.read': 'You may not read the audit trail.',
  'profiles.read': 'You may not read this profile.',
  'profiles.update': 'You may not change this profile.',
  'enrollments.read': 'You may not see these enrollments.',
  'enrollments.write': 'You may not change the enrollments of this user.',
  'schedule.catalog': 'You may not see the clinics’ schedule.',
  'booking.catalog': 'You may not see what the clinics offer.',
  'appointments.read': 'You may not see these appointments.',
  'appointments.write': 'You may not book or change appointments of this user.',
  'appointments.cancel': 'You may not cancel this appointment.',
  'visits.read': 'You may not see these visits.',
  'visits.chart': 'Only a nurse or a doctor charts a therapy visit.',
  'visits.sign': 'Only a nurse or a doctor signs a therapy visit or adds an addendum to it.',
  'assessments.read': 'You may not see these results.',
  'assessments.write': 'You may record only your own Thrive checks and cognitive runs.',
  'assessments.share-risk': 'You may not share a risk result with this user.',
  'assessments.contact': 'You may not record contacts with this client.',
  'sessions.end': 'You may not end this session.',
  'support.read': 'You may not see these messages.',
  'messages.read': 'You may not see the messages sent to this user.',
  'messages.preferences': 'You may not see or choose how this user hears from the clinic.',
  'messages.alerts': 'You may not see the clinics’ alerts to their care inboxes.',
  'clinics.messaging': 'You may not see or change how the clinics’ messages go out.',
  'users.reset-password': 'You may not reset this user’s password.',
  'support.write': 'You may not write in this thread.',
  'clients.discover': 'You may not look clients up.',
  'programs.read': 'You may not see the programs or their clients’ progress.',
  'results.read': 'You may not see these lab results.',
  'results.write': 'You may not enter or import lab results for this user.',
  'results.release': 'Only a doctor releases a lab result to the client.',
  'advices.read': 'You may not see this advice.',
  'advices.write': 'You may not write advice for this user.',
  'advices.follow': 'You may acknowledge and tick off only your own advice.',
};

/**
 * What a caller is told of a record its grant reaches only once released, until then: what it would be told
 * of a record that does not exist (the service's own 404), so the answer tells nothing of it.
 */
const NOT_RELEASED: Partial<Record<Operation, string>> = {
  'results.read': 'There is no such result.',
};

/**
 * Throws the refusal when the caller may not do `operation` to `target`;
 * returns how the caller was allowed (its own record, or through its role).
 * `field` names the part of the request that named the target.
 */
export function requireGrant(caller: Caller, operation: Operation, target: Target, field?: string): 'self' | 'role' {
  const decision = decide(caller, operation, target);
  if (decision.allowed) return decision.via;
  throw refusal(operation, decision.reason, field);
}

/**
 * Throws the refusal when the caller's role has no grant for `operation` at
 * all: asked before a record is looked up, so its existence tells nothing.
 */
export function requireSomeGrant(caller: Caller, operation: Operation, detail = REFUSALS[operation]): void {
  if (!hasSomeGrant(caller, operation)) throw forbidden(detail);
}

/** Whether the caller's role has a grant for `operation` at all (its own records, or others'). */
export function hasSomeGrant(caller: Caller, operation: Operation): boolean {
  return listScopeOf(caller, operation).via !== 'none';
}

/**
 * How the caller may do `operation` to `target` (its own record, or through its role), null when it may not:
 * for a service that answers differently rather than refusing.
 */
export function grantedVia(caller: Caller, operation: Operation, target: Target): 'self' | 'role' | null {
  const decision = decide(caller, operation, target);
  return decision.allowed ? decision.via : null;
}

/** Whether the caller's grant for `operation` reaches every user (see reachesEveryone), e.g. to answer more. */
export function hasGrantOverEveryone(caller: Caller, operation: Operation): boolean {
  return reachesEveryone(caller, operation);
}

/** Throws the refusal unless the caller's grant for `operation` reaches every user (see reachesEveryone). */
export function requireGrantOverEveryone(
  caller: Caller,
  operation:
    'users.count' | 'audit.read' | 'schedule.catalog' | 'booking.catalog' | 'messages.alerts' | 'clinics.messaging',
): void {
  if (!reachesEveryone(caller, operation)) throw refusal(operation, 'not-granted');
}

function refusal(
  operation: Operation,
  reason: 'not-granted' | 'out-of-reach' | 'own-record' | 'unreleased',
  field?: string,
): HttpProblem {
  if (reason === 'unreleased') return notFound(NOT_RELEASED[operation] ?? 'There is no such record.');
  // The caller may do this to accounts in general, only not to its own: the contract answers that 409, not 403.
  if (reason === 'own-record' && operation === 'users.delete') return conflict('You cannot delete your own account.');
  if (reason === 'own-record' && operation === 'users.set-enabled') {
    return conflict('You cannot disable or enable your own account.');
  }
  const detail =
    reason !== 'own-record'
      ? REFUSALS[operation]
      : operation === 'users.assign-role'
        ? 'You cannot change your own role.'
        : 'You cannot do this to your own account.';
  return forbidden(detail, field === undefined ? undefined : [{ field, message: detail }]);
}
