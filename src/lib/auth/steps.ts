/**
 * The identity service's sign-in steps (spec section 4), in Thrive's own
 * terms so the sign-in screens never see an Amplify type.
 */
export type SignInStep =
  | { name: 'DONE' }
  | { name: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' }
  | { name: 'CONFIRM_SIGN_IN_WITH_SMS_CODE'; destination: string | null }
  | { name: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }
  | { name: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'; sharedSecret: string; setupUri: string }
  | { name: 'RESET_PASSWORD' }
  | { name: 'CONFIRM_SIGN_UP' }
  /** A step the pool is not configured for (custom challenges, e-mail MFA, passwordless). */
  | { name: 'UNSUPPORTED'; step: string };

export type VerifiableContact = 'email' | 'phone_number';

export interface ContactStatus {
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
}

/** Spec section 4: offer verification only when neither e-mail nor phone is verified. */
export function contactsToVerify(status: ContactStatus): VerifiableContact[] {
  if (status.emailVerified || status.phoneVerified) return [];
  const contacts: VerifiableContact[] = [];
  if (status.email) contacts.push('email');
  if (status.phone) contacts.push('phone_number');
  return contacts;
}

/** The issuer and label authenticator apps show for Thrive. */
export const TOTP_ISSUER = 'Thrive';
