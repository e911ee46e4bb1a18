/**
 * Thrive onboarding, step by step: each step is one field of the client's
 * profile, and a step is done when its answer is there. Progress is read from
 * the profile itself (with the client's unsent changes), so it resumes where
 * it was left on any device, after a reload, offline or after signing out.
 */
import { familyComplete, lifestyleComplete, type Profile } from '@contract';

export type OnboardingField = 'health_goals' | 'client_story' | 'lifestyle_history' | 'family_history';

export interface OnboardingStep {
  field: OnboardingField;
  title: string;
  /** What the step asks, in the client's words. */
  prompt: string;
}

export const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  {
    field: 'health_goals',
    title: 'Your health goals',
    prompt: 'What would you like to change or achieve with Thrive? A few words or a few lines.',
  },
  {
    field: 'client_story',
    title: 'Your story',
    prompt: 'Tell us about yourself and your health so far: what brought you here, what has helped, what has not.',
  },
  {
    field: 'lifestyle_history',
    title: 'How you live',
    prompt: 'Sleep, activity, food, alcohol, tobacco, stress and diabetes. Choose what is closest.',
  },
  {
    field: 'family_history',
    title: 'Your family’s health',
    prompt: 'Conditions your parents, brothers and sisters, children or other relatives have or had.',
  },
];

type Answers = Pick<Profile, OnboardingField>;

/** Whether a step's answer is there. */
export function stepDone(field: OnboardingField, profile: Answers): boolean {
  switch (field) {
    case 'health_goals':
      return (profile.health_goals ?? '').trim() !== '';
    case 'client_story':
      return (profile.client_story ?? '').trim() !== '';
    case 'lifestyle_history':
      return lifestyleComplete(profile.lifestyle_history ?? {});
    case 'family_history':
      return familyComplete(profile.family_history ?? {});
  }
}

export interface OnboardingProgress {
  done: number;
  total: number;
  complete: boolean;
  /** The first step not done yet (where onboarding resumes); null when all are. */
  firstOpen: number | null;
}

export function onboardingProgress(profile: Answers): OnboardingProgress {
  const done = ONBOARDING_STEPS.map((step) => stepDone(step.field, profile));
  const firstOpen = done.indexOf(false);
  const count = done.filter(Boolean).length;
  return {
    done: count,
    total: ONBOARDING_STEPS.length,
    complete: count === ONBOARDING_STEPS.length,
    firstOpen: firstOpen === -1 ? null : firstOpen,
  };
}
