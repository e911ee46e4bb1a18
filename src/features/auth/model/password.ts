/**
 * The identity pool's password policy and the new-password match rule
 * (spec section 5). Pure, so the sign-in screens and the tests share them.
 */

export const MIN_PASSWORD_LENGTH = 8;
/** Below this length in either field, a mismatch is not reported until both fields were touched. */
export const MATCH_CHECK_THRESHOLD = 6;

export const PASSWORDS_MUST_MATCH = 'Your passwords must match';

// Cognito's special characters: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space.
const SPECIAL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** Every policy rule the password breaks, in the pool's order; empty when it complies. */
export function passwordPolicyErrors(password: string, minLength: number = MIN_PASSWORD_LENGTH): string[] {
  const errors: string[] = [];
  if (password.length < minLength) errors.push(`Password must have at least ${minLength} characters`);
  if (!/[a-z]/.test(password)) errors.push('Password must have lower case letters');
  if (!/[A-Z]/.test(password)) errors.push('Password must have upper case letters');
  if (!/[0-9]/.test(password)) errors.push('Password must have numbers');
  if (!SPECIAL.test(password)) errors.push('Password must have special characters');
  return errors;
}

export interface PasswordPair {
  password: string;
  confirm: string;
}

export interface TouchedPair {
  password: boolean;
  confirm: boolean;
}

/**
 * 'Your passwords must match' shows when the two differ and either both have
 * at least six characters or both fields have been touched.
 */
export function passwordMatchError(values: PasswordPair, touched: TouchedPair): string | null {
  if (values.password === values.confirm) return null;
  const bothLongEnough =
    values.password.length >= MATCH_CHECK_THRESHOLD && values.confirm.length >= MATCH_CHECK_THRESHOLD;
  const bothTouched = touched.password && touched.confirm;
  return bothLongEnough || bothTouched ? PASSWORDS_MUST_MATCH : null;
}

export interface NewPasswordErrors {
  /** Policy messages for the new password (shown once that field was touched). */
  password: string[];
  confirm: string | null;
}

export function newPasswordErrors(values: PasswordPair, touched: TouchedPair): NewPasswordErrors {
  return {
    password: touched.password ? passwordPolicyErrors(values.password) : [],
    confirm: passwordMatchError(values, touched),
  };
}

export function hasNewPasswordErrors(errors: NewPasswordErrors): boolean {
  return errors.password.length > 0 || errors.confirm !== null;
}
