/**
 * The identity pool's password policy and the new-password match rule
 * (spec section 5). Pure, so the sign-in screens and the tests share them;
 * the checks themselves are in ../schemas.ts.
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

// A type, not an interface: valibot's object checks need it indexable.
export type PasswordPair = {
  password: string;
  confirm: string;
};

/** Which of the two fields have been left (blurred) at least once, or submitted. */
export interface TouchedPair {
  password: boolean;
  confirm: boolean;
}

/**
 * When the match rule's message shows: the two differ and either both have at
 * least six characters or both fields have been touched. (Whether they differ
 * is the schema's check; this is when to say so.)
 */
export function showsMatchError(values: PasswordPair, touched: TouchedPair): boolean {
  const bothLongEnough =
    values.password.length >= MATCH_CHECK_THRESHOLD && values.confirm.length >= MATCH_CHECK_THRESHOLD;
  return bothLongEnough || (touched.password && touched.confirm);
}

/** The policy messages show once the new password has been touched. */
export function showsPolicyErrors(touched: TouchedPair): boolean {
  return touched.password;
}
