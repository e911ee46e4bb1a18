import { CONSENT_SAVE_FAILED_MESSAGE } from '@/lib/api/messages';
import { HIPAA_CONSENT_VERSION, type ProfilePatch } from '@contract';
import { profileOf, type UserDetail } from '@/features/people';

export { HIPAA_CONSENT_VERSION };

/** Spec sections 5 and 8: what the client reads when consent cannot go ahead. */
export const CONSENT_MESSAGES = {
  notTicked: 'Please accept the terms by checking the box',
  saveFailed: CONSENT_SAVE_FAILED_MESSAGE,
  recorded: 'Your HIPAA authorization is recorded. Welcome to Thrive.',
} as const;

export type ConsentPatch = Required<
  Pick<ProfilePatch, 'hipaa_consent' | 'hipaa_consent_date' | 'hipaa_consent_version'>
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
