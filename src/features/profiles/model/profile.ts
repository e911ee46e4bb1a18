import type { Profile } from '@contract';

export type { Profile } from '@contract';

/** Spec section 3: age is computed with a year of about 365.25 days. */
export const DAYS_PER_YEAR = 365.25;
const MS_PER_YEAR = DAYS_PER_YEAR * 24 * 60 * 60 * 1000;

/** Whole years since `dateOfBirth` (YYYY-MM-DD); null when unknown, invalid or in the future. */
export function ageInYears(dateOfBirth: string | null | undefined, now: Date = new Date()): number | null {
  if (!dateOfBirth) return null;
  const born = Date.parse(dateOfBirth);
  if (Number.isNaN(born)) return null;
  const years = Math.floor((now.getTime() - born) / MS_PER_YEAR);
  return years >= 0 ? years : null;
}

export type GenderLabel = 'Male' | 'Female' | 'Not specified';

export function genderLabel(gender: Profile['gender']): GenderLabel {
  if (gender === 'M') return 'Male';
  if (gender === 'F') return 'Female';
  return 'Not specified';
}
