/**
 * Spec section 5: the e-mail is lowercased and trimmed as typed and again
 * before submit. (Passwords are never passed through here: they are not trimmed.)
 */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
