/**
 * HIPAA consent, enforced by the server (spec section 4; PRODUCT.md section 3):
 * a client who has not authorized Thrive may read its own user and profile and
 * give its consent, and nothing else. Every other request answers 403 with a
 * problem type of its own, which the app turns into the authorization.
 */
import { CONSENT_REQUIRED_PROBLEM } from '@contract';
import { HttpProblem } from '../core/problem.ts';

export function consentRequired(): HttpProblem {
  return new HttpProblem(
    403,
    'Give your HIPAA authorization first: until then the portal shows nothing else.',
    undefined,
    {},
    { type: CONSENT_REQUIRED_PROBLEM },
  );
}

/**
 * What a client without consent may call: its own user and profile, read,
 * the clinics (about no one: the clock every time on screen is read on),
 * its own profile's consent (the profile service checks that the body
 * changes nothing else), and signing out.
 */
export function allowedBeforeConsent(method: string, path: string, clientId: string): boolean {
  const profile = `/users/user-profiles/${clientId}`;
  if (method === 'GET') return path === profile || path === `/users/users/${clientId}` || path === '/clinics';
  if (method === 'POST') return path === SIGN_OUT_PATH;
  return method === 'PATCH' && path === profile;
}

/** POST here ends the caller's sessions; a client that has not consented may always sign out. */
export const SIGN_OUT_PATH = '/session/logout';
