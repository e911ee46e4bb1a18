/**
 * HIPAA consent (spec section 4): who records it and how. A client gives its
 * own through the portal; the clinic records only a withdrawal, in writing.
 */
import type { ConsentField } from '../people/profile-fields.ts';
import { SELF_SERVICE_FIELDS } from '../people/profile-fields.ts';

export const CONSENT_FIELDS: readonly ConsentField[] = ['hipaa_consent', 'hipaa_consent_date', 'hipaa_consent_version'];

/**
 * The problem type of a request refused because the client has not given (or
 * has withdrawn) its HIPAA consent: the app answers it with the authorization.
 */
export const CONSENT_REQUIRED_PROBLEM = 'https://thrive.clinic/problems/consent-required';

/**
 * Profile fields a user may change on its own record through the `self` grant:
 * the self-service fields of the field table, and its own HIPAA consent (on
 * the terms of checkConsentChange). Through a `roles` grant, the sections of
 * PROFILE_SECTION_ACCESS the role writes and a withdrawal of consent;
 * `role` needs users.assign-role.
 */
export const SELF_SERVICE_PROFILE_FIELDS: ReadonlySet<string> = new Set<string>([
  ...SELF_SERVICE_FIELDS,
  ...CONSENT_FIELDS,
]);

export const HIPAA_CONSENT_VERSION = '1.0';
/** How far a consent date given by the client may be from the server's clock (device clocks drift). */
export const CONSENT_DATE_TOLERANCE_MS = 5 * 60 * 1000;

export interface ConsentChange {
  hipaa_consent?: boolean;
  hipaa_consent_date?: string | null;
  hipaa_consent_version?: string | null;
}

/**
 * A user changing its own consent may only give it: true, version 1.0, dated
 * now. Withdrawing or back-dating is done in writing through the clinic
 * (whose staff record it). Returns the fields at fault, empty when acceptable.
 */
export function checkConsentChange(change: ConsentChange, now: Date): { field: string; message: string }[] {
  const touched = 'hipaa_consent' in change || 'hipaa_consent_date' in change || 'hipaa_consent_version' in change;
  if (!touched) return [];
  const errors: { field: string; message: string }[] = [];
  if (change.hipaa_consent !== true) {
    errors.push({
      field: 'body.hipaa_consent',
      message: 'You may only give your consent (true); withdraw it in writing.',
    });
  }
  if (change.hipaa_consent_version !== HIPAA_CONSENT_VERSION) {
    errors.push({
      field: 'body.hipaa_consent_version',
      message: `Consent must be to version ${HIPAA_CONSENT_VERSION}.`,
    });
  }
  const date = typeof change.hipaa_consent_date === 'string' ? Date.parse(change.hipaa_consent_date) : Number.NaN;
  if (Number.isNaN(date) || Math.abs(date - now.getTime()) > CONSENT_DATE_TOLERANCE_MS) {
    errors.push({ field: 'body.hipaa_consent_date', message: 'Consent must be dated now.' });
  }
  return errors;
}

/**
 * The clinic records a client's consent only as given by the client (through
 * the portal) or as withdrawn in writing: staff may set it to false, clearing
 * its date and version, and nothing else. Returns the fields at fault.
 */
export function checkConsentWithdrawal(change: ConsentChange): { field: string; message: string }[] {
  const touched = 'hipaa_consent' in change || 'hipaa_consent_date' in change || 'hipaa_consent_version' in change;
  if (!touched) return [];
  const errors: { field: string; message: string }[] = [];
  if (change.hipaa_consent !== false) {
    errors.push({
      field: 'body.hipaa_consent',
      message:
        change.hipaa_consent === undefined
          ? 'A withdrawal sets it to false.'
          : 'Only the client gives consent; the clinic records a withdrawal (false).',
    });
  }
  for (const field of ['hipaa_consent_date', 'hipaa_consent_version'] as const) {
    if (change[field] !== undefined && change[field] !== null) {
      errors.push({ field: `body.${field}`, message: 'A withdrawal clears it (null).' });
    }
  }
  return errors;
}
