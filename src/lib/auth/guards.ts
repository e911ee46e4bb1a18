import { redirect } from '@tanstack/react-router';
import { holdSpinner } from '@/lib/spinner-clock';
import { homeOf, ROUTE_ACCESS, type AccessRule, type RouteGroup } from './route-access';
import { isRole, type Role } from './roles';
import type { SessionSource, SessionState } from './session';

/**
 * Who may enter a route (spec section 4, guarded-route gate). The role table
 * (route-access.ts) passes its lists in here; every guard in every
 * `beforeLoad` goes through `decideAccess`.
 */
export interface SignedInUser {
  username: string;
  role: Role;
  email: string | null;
}

export type AccessDecision =
  | { kind: 'allow'; user: SignedInUser }
  /** Not signed in: to /login, carrying the requested location. */
  | { kind: 'login' }
  /** Signed in, but the device's data is locked (after a reload): to /unlock, carrying the requested location. */
  | { kind: 'unlock' }
  /** Signed in without a role the app knows, or with a role the route does not list. */
  | { kind: 'unauthorized' };

export function decideAccess(session: SessionState, rule: AccessRule): AccessDecision {
  if (!session.authenticated || session.username === null) return { kind: 'login' };
  if (session.locked) return { kind: 'unlock' };
  if (!isRole(session.role)) return { kind: 'unauthorized' };
  const user: SignedInUser = { username: session.username, role: session.role, email: session.email };
  // SUPER_ADMIN passes every guard.
  if (user.role === 'SUPER_ADMIN' || rule === 'any-role' || rule.roles.includes(user.role)) {
    return { kind: 'allow', user };
  }
  return { kind: 'unauthorized' };
}

/** `/` is where everyone starts anyway, so it is not carried as a location to restore. */
function carried(href: string): { redirect?: string } {
  return href === '/' ? {} : { redirect: href };
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
      throw redirect({ to: '/login', search: carried(location.href) });
    case 'unlock':
      throw redirect({ to: '/unlock', search: carried(location.href) });
    case 'unauthorized':
      throw redirect({ to: '/unauthorized', search: carried(location.href) });
  }
}

/** Spec sections 4 and 9: a guarded-route gate shows its spinner for 150 ms before it decides. */
export const GATE_SPINNER_MS = 150;

export interface GateOptions {
  context: { auth: SessionSource; gateShown?: boolean };
  location: { href: string };
  cause: 'enter' | 'stay' | 'preload';
  abortController: AbortController;
}

/**
 * The guarded-route gate for a group's pathless layout route: on entering the
 * group it holds the route (its pending spinner shows) for 150 ms of the
 * spinner being on screen, then lets the user in or redirects. The guarded screen is never rendered before the
 * decision, so an unauthorized role never sees its content. Moving between
 * screens of the same group, or into a group whose outer gate already waited
 * during this navigation, does not wait again; preloads never wait.
 */
export async function passGate(
  options: GateOptions,
  group: RouteGroup,
  wait: (ms: number, signal: AbortSignal) => Promise<void> = holdSpinner,
): Promise<{ user: SignedInUser; gateShown: boolean }> {
  const shows = options.cause === 'enter' && !options.context.gateShown;
  if (shows) await wait(GATE_SPINNER_MS, options.abortController.signal);
  return {
    user: requireAccess(options.context.auth, options.location, ROUTE_ACCESS[group]),
    gateShown: shows || options.context.gateShown === true,
  };
}

/** The path of the user's home: where `homeRedirect` takes them. */
export function homePath(user: Pick<SignedInUser, 'role' | 'username'>): string {
  const home = homeOf(user.role);
  switch (home) {
    case 'hub':
      return '/hub';
    case 'backoffice':
      return '/backoffice';
    case 'client-home':
      return `/user/home/${encodeURIComponent(user.username)}`;
  }
}

/** The redirect from `/` (and from wherever a user should start over) to the user's home. */
export function homeRedirect(user: Pick<SignedInUser, 'role' | 'username'>) {
  return redirect({ href: homePath(user), replace: true });
}

/** The `clientId` of the screen being opened, if it has one (a pathless layout sees only the matches). */
function clientIdOf(matches: readonly { params: object }[]): string | undefined {
  const params = matches.at(-1)?.params;
  return params && 'clientId' in params && typeof params.clientId === 'string' ? params.clientId : undefined;
}

/**
 * Spec section 2: a client who opens another client's `{clientId}` is taken to
 * their own home (the API would refuse the data anyway). Other roles that
 * passed the portal's guard (SUPER_ADMIN) may open any client's portal.
 */
export function requireOwnClientId(user: SignedInUser, matches: readonly { params: object }[]): void {
  const clientId = clientIdOf(matches);
  if (user.role === 'CLIENT' && clientId !== undefined && clientId !== user.username) {
    throw homeRedirect(user);
  }
}
