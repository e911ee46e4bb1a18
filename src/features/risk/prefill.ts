import type { CardiovascularRiskInput } from '@contract';

/**
 * What the calculator can take from a client's profile: the sex from the
 * gender (M or F) and the age in whole years. 'Not specified' leaves the sex
 * for staff to choose rather than guessing which table applies.
 */
export function riskInputFromProfile(profile: {
  gender: 'M' | 'F' | null | undefined;
  ageYears: number | null | undefined;
}): Partial<CardiovascularRiskInput> {
  const initial: Partial<CardiovascularRiskInput> = {};
  if (profile.gender === 'M') initial.sex = 'male';
  if (profile.gender === 'F') initial.sex = 'female';
  if (typeof profile.ageYears === 'number' && Number.isFinite(profile.ageYears)) initial.age = profile.ageYears;
  return initial;
}
