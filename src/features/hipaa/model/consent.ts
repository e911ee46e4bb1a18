import type { components } from '../../../lib/api';
import { profileOf, type UserDetail } from '../../profiles/model/profile';

/**
 * Spec section 9: the version of the HIPAA authorization the client accepts.
 * The server accepts a client's own consent only to this version.
 */
export const HIPAA_CONSENT_VERSION = '1.0';

/** Spec sections 5 and 8: what the client reads when consent cannot go ahead. */
export const CONSENT_MESSAGES = {
  notTicked: 'Please accept the terms by checking the box',
  saveFailed: 'Failed to record consent. Please try again.',
  recorded: 'Your HIPAA authorization is recorded. Welcome to Thrive.',
} as const;

export type ConsentPatch = Required<
  Pick<components['schemas']['ProfilePatch'], 'hipaa_consent' | 'hipaa_consent_date' | 'hipaa_consent_version'>
>;

/** The body of `PATCH users/user-profiles/{clientId}` that records the client's consent, given at `now`. */
export function consentPatch(now: Date): ConsentPatch {
  return {
    hipaa_consent: true,
    hipaa_consent_date: now.toISOString(),
    hipaa_consent_version: HIPAA_CONSENT_VERSION,
  };
}

/**
 * Whether the client has authorized Thrive. A client without a profile is
 * shown the placeholder (spec section 3), which has not consented.
 */
export function hasConsented(detail: UserDetail): boolean {
  return profileOf(detail).profile.hipaa_consent;
}
