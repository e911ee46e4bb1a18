/**
 * Whose records a list shows the caller, as SQL: the one place the services'
 * lists (users, discovery, enrollments, appointments, the schedule, visits,
 * results, programs, messages) take their scope from the rules table.
 */
import { listScopeOf, type Caller, type Operation, type RoleOrNone } from '@contract';
import { forbidden } from '../core/problem.ts';

/** The columns a list's rows are scoped by: the role of the record's user, and whose record it is. */
export interface ScopeColumns {
  /** The column holding the role of the user the row is about (NULL meaning none). */
  role?: string;
  /** The column holding the id of the user the row is about. */
  owner?: string;
}

export interface ListScope {
  /** Through the caller's role (others' records), or only its own. */
  via: 'role' | 'self';
  /** The roles whose users' records the list shows (empty for `self`). */
  roles: readonly RoleOrNone[];
  /** Whether those are all users, so no filter is needed. */
  everyone: boolean;
  /** A SQL condition keeping only the rows in scope; its values are appended to `params`. */
  where(columns: ScopeColumns, params: unknown[]): string;
}

/**
 * The caller's scope for listing with `operation`; refuses (403, `refusal`)
 * a caller whose role lists nothing with it.
 */
export function listScope(caller: Caller, operation: Operation, refusal: string): ListScope {
  const scope = listScopeOf(caller, operation);
  switch (scope.via) {
    case 'none':
      throw forbidden(refusal);
    case 'self':
      return {
        via: 'self',
        roles: [],
        everyone: false,
        where: ({ owner }, params) => `${column(owner, 'owner')} = $${params.push(caller.id)}`,
      };
    case 'role':
      return {
        via: 'role',
        roles: scope.roles,
        everyone: scope.everyone,
        where: ({ role }, params) => (scope.everyone ? 'true' : rolesSql(column(role, 'role'), scope.roles, params)),
      };
  }
}

function column(name: string | undefined, which: keyof ScopeColumns): string {
  if (name === undefined) throw new Error(`This list is scoped by its rows' ${which} column, and names none`);
  return name;
}

/**
 * A SQL condition keeping the users whose `roleColumn` is one of `roles`
 * (NO_ROLE meaning none), with its values appended to `params`. Spelled out
 * as IN (...) because the two database drivers pass arrays differently.
 */
function rolesSql(roleColumn: string, roles: readonly RoleOrNone[], params: unknown[]): string {
  const named = roles.filter((role) => role !== 'NO_ROLE');
  const parts =
    named.length > 0 ? [`${roleColumn} IN (${named.map((role) => `$${params.push(role)}`).join(', ')})`] : [];
  if (roles.includes('NO_ROLE')) parts.push(`${roleColumn} IS NULL`);
  return parts.length > 0 ? `(${parts.join(' OR ')})` : 'false';
}
