/**
 * The contract's requests, each with the access rules (openapi/access) that
 * decide it: the operation of the table it is, and whose record it reaches
 * (the subject client's, a super admin's, a role's), or whether it needs a
 * grant over everyone, some grant, or a grant through a role. The privilege
 * group sends each request to every role the rules deny it (the requests
 * themselves are in operations-accounts.ts and operations-care.ts).
 */
import type { Operation, RoleOrNone, VisitTherapy } from '@contract';
import type { ApiRequest } from './client.ts';
import type { ClientRecords, Fixtures } from './fixtures.ts';

/** How a request's grant is decided. */
export type Rule =
  /** decide() on a record of the subject client (of a therapy, for a visit). */
  | { operation: Operation; of: 'subject'; therapy?: VisitTherapy }
  /** decide() on the probe's super admin's record. */
  | { operation: Operation; of: 'super admin' }
  /** decide() on a user of `role` not yet named (creating one, listing a role). */
  | { operation: Operation; of: { role: RoleOrNone } }
  /** reachesEveryone(): catalogs, counts and the audit trail, about everyone at once. */
  | { operation: Operation; of: 'everyone' }
  /** Some grant at all (listScopeOf is not none): a list of the caller's reach. */
  | { operation: Operation; of: 'some' }
  /** A grant through a role (listScopeOf via role): the staff's lists (users, the schedule, discovery). */
  | { operation: Operation; of: 'role' }
  /** The caller's grant on its own record is `self`: a client starting a thread with the clinic. */
  | { operation: Operation; of: 'own' };

export interface ProbeContext {
  fixtures: Fixtures;
  /** The client whose records a request names. */
  subject: ClientRecords;
  /** A program's id (the catalog's first). */
  programId: string;
  /** A new, free time for each booking a request makes. */
  nextBookingTime: () => string;
}

export interface OperationRequest {
  name: string;
  /** Allowed only when every rule allows it. */
  rules: readonly Rule[];
  request: (context: ProbeContext) => ApiRequest;
}

/** A version no record has: a write wrongly let through stops at the version check, changing nothing. */
export const NO_VERSION = { 'if-match': '"0"' };

export const subjectId = (context: ProbeContext) => context.subject.account.id;
export const superAdminId = (context: ProbeContext) => context.fixtures.superAdminTarget.id;

export function get(path: string): ApiRequest {
  return { method: 'GET', path };
}

export function patch(path: string, body: unknown): ApiRequest {
  return { method: 'PATCH', path, headers: NO_VERSION, body };
}
