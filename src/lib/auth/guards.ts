import { redirect } from '@tanstack/react-router';
import { isRole, type Role } from './roles';
import type { SessionSource, SessionState } from './session';

/**
 * Who may enter a route (spec section 4, guarded-route gate). The route
 * groups' role table (next issue) passes its lists in here; every guard in
 * every `beforeLoad` goes through `decideAccess`.
 */
export type AccessRule = 'any-role' | { roles: readonly Role[] };

export interface SignedInUser {
  username: string;
  role: Role;
  email: string | null;
}

export type AccessDecision =
  | { kind: 'allow'; user: SignedInUser }
  /** Not signed in: to /login, carrying the requested location. */
  | { kind: 'login' }
  /** Signed in without a role the app knows, or with a role the route does not list. */
  | { kind: 'unauthorized' };

export function decideAccess(session: SessionState, rule: AccessRule): AccessDecision {
  if (!session.authenticated || session.username === null) return { kind: 'login' };
  if (!isRole(session.role)) return { kind: 'unauthorized' };
  const user: SignedInUser = { username: session.username, role: session.role, email: session.email };
  // SUPER_ADMIN passes every guard.
  if (user.role === 'SUPER_ADMIN' || rule === 'any-role' || rule.roles.includes(user.role)) {
    return { kind: 'allow', user };
  }
  return { kind: 'unauthorized' };
}

/**
 * For `beforeLoad`: returns the signed-in user (for the route context) or
 * throws the router's redirect. `href` is the requested location, restored
 * after sign-in.
 */
export function requireAccess(auth: SessionSource, location: { href: string }, rule: AccessRule): SignedInUser {
  const decision = decideAccess(auth.getSnapshot(), rule);
  switch (decision.kind) {
    case 'allow':
      return decision.user;
    // The router's redirects are thrown Responses, not Errors.
    case 'login':
      throw redirect({ to: '/login', search: { redirect: location.href } });
    case 'unauthorized':
      throw redirect({ to: '/unauthorized', search: { redirect: location.href } });
  }
}
