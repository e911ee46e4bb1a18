import { ROLE_GROUPS, inGroup, listScopeOf, type Role } from '@contract';

/** Who may enter a route: anyone signed in with a role, or the roles listed. */
export type AccessRule = 'any-role' | { readonly roles: readonly Role[] };

/**
 * The route groups of spec section 2, each guarded by one pathless layout
 * route (`_authenticated`, `_client`, `_staff`, `_admin`).
 */
export type RouteGroup = 'signed-in' | 'client' | 'staff' | 'admin';

/**
 * Which roles may enter which route group: the contract's role groups (spec
 * section 6), the same ones the server's access table uses. SUPER_ADMIN passes
 * every guard (decideAccess). ADMIN is not in the staff group.
 */
export const ROUTE_ACCESS = {
  /** `/`, which sends each role on to its home. */
  'signed-in': 'any-role',
  /** `/user/<screen>/{clientId}`: the client portal. */
  client: { roles: ROLE_GROUPS.client },
  /** Hub, thrive dashboard, appointments, discovery, visits, client details and profile. */
  staff: { roles: ROLE_GROUPS.staff },
  /** `/backoffice`, `/users`, `/users/{username}`. */
  admin: { roles: ROLE_GROUPS.admin },
} as const satisfies Record<RouteGroup, AccessRule>;

/** Whether `role` may enter `group`: the same answer the guards give, for links and menus. */
export function mayEnter(role: Role, group: RouteGroup): boolean {
  return group === 'signed-in' || inGroup(role, group);
}

/**
 * Where `/` takes a signed-in user (spec section 2): staff (SUPER_ADMIN
 * included) to the hub, ADMIN to the backoffice, a client to their own home.
 */
export type Home = 'hub' | 'backoffice' | 'client-home';

export function homeOf(role: Role): Home {
  if (mayEnter(role, 'staff')) return 'hub';
  if (mayEnter(role, 'admin')) return 'backoffice';
  return 'client-home';
}

/**
 * Which users a role may list, read from the access table: ADMIN and
 * SUPER_ADMIN everyone, the other staff clients only, a client nobody.
 */
export function userListScope(role: Role): 'everyone' | 'clients' | 'none' {
  const scope = listScopeOf({ id: '', role }, 'users.list');
  if (scope.via !== 'role') return 'none';
  if (scope.everyone) return 'everyone';
  return scope.roles.includes('CLIENT') ? 'clients' : 'none';
}
