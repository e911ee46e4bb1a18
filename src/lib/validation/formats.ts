/**
 * The value formats every form shares, written once: the contract's phone
 * and date shapes and the spec's default dial code.
 */

/** Spec section 9: a phone number typed without a country code is taken as +1. */
export const DEFAULT_DIAL_CODE = '+1';

/** E.164, the contract's phone pattern: a plus and 7 to 15 digits, the first not 0. */
export const E164_PHONE = /^\+[1-9][0-9]{6,14}$/;

/** Drops the spaces, dashes, dots and brackets people type in phone numbers ('+1 (555) 555-0101'). */
export function withoutPhonePunctuation(input: string): string {
  return input.replace(/[\s().-]/g, '');
}

/** A real calendar date written YYYY-MM-DD (what a date input gives). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
