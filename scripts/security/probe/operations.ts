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
  /** reachesEveryone(): catalogs, counts and the audit trail, about everyone at once (or through `or`'s grant). */
  | { operation: Operation; of: 'everyone'; or?: Operation }
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

/**
 * Reading one kind of record: the list of whatever the caller reaches (`list`), the subject client's list (its id
 * in the query parameter `clientQuery`), and one of its records (`one`).
 */
export function readsOf(
  operation: Operation,
  what: string,
  list: string,
  { clientQuery, one }: { clientQuery?: string; one?: (context: ProbeContext) => string },
): OperationRequest[] {
  const reads: OperationRequest[] = [
    { name: `list ${what}s`, rules: [{ operation, of: 'some' }], request: () => get(list) },
  ];
  if (clientQuery !== undefined) {
    reads.push({
      name: `list the client's ${what}s`,
      rules: [{ operation, of: 'subject' }],
      request: (c) => get(`${list}?${clientQuery}=${subjectId(c)}`),
    });
  }
  if (one !== undefined) {
    reads.push({
      name: `read the client's ${what}`,
      rules: [{ operation, of: 'subject' }],
      request: (c) => get(one(c)),
    });
  }
  return reads;
}

/** What the clinics offer or hold, about nobody: read only with a grant over everyone. */
export function catalog(operation: Operation, what: string, path: (context: ProbeContext) => string): OperationRequest {
  return { name: `list ${what}`, rules: [{ operation, of: 'everyone' }], request: (c) => get(path(c)) };
}
