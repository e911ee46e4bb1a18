import type { AccessRule } from './guards';
import type { Role } from './roles';

/**
 * The route groups of spec section 2, each guarded by one pathless layout
 * route (`_authenticated`, `_client`, `_staff`, `_admin`).
 */
export type RouteGroup = 'signed-in' | 'client' | 'staff' | 'admin';

/**
 * The one role table (spec section 6): which roles may enter which route
 * group. SUPER_ADMIN passes every guard whether listed or not (decideAccess);
 * it is listed where the spec lists it. ADMIN is not in the staff group.
 */
export const ROUTE_ACCESS = {
  /** `/`, which sends each role on to its home. */
  'signed-in': 'any-role',
  /** `/user/<screen>/{clientId}`: the client portal. */
  client: { roles: ['CLIENT'] },
  /** Hub, thrive dashboard, appointments, discovery, visits, client details and profile. */
  staff: { roles: ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'SUPER_ADMIN'] },
  /** `/backoffice`, `/users`, `/users/{username}`. */
  admin: { roles: ['ADMIN', 'SUPER_ADMIN'] },
} as const satisfies Record<RouteGroup, AccessRule>;

/** Whether `role` may enter `group`: the same answer the guards give, for links and menus. */
export function mayEnter(role: Role, group: RouteGroup): boolean {
  const rule: AccessRule = ROUTE_ACCESS[group];
  return role === 'SUPER_ADMIN' || rule === 'any-role' || rule.roles.includes(role);
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
 * Which users a role may list (the API's rule): ADMIN and SUPER_ADMIN everyone,
 * the other staff clients only, a client nobody.
 */
export function userListScope(role: Role): 'everyone' | 'clients' | 'none' {
  if (mayEnter(role, 'admin')) return 'everyone';
  if (mayEnter(role, 'staff')) return 'clients';
  return 'none';
}
