import { useState } from 'react';
import type { Profile, ProfilePatch } from '@contract';
import { toastFailure } from '@/components/toasts';
import { useHere } from '@/components/useHere';
import {
  ONBOARDING_STEPS,
  SAVE_MESSAGES,
  onboardingProgress,
  sameValue,
  saveProfileChange,
  stepDone,
  type OnboardingField,
} from '@/features/profiles';

/** Where the client is: a step's index, or the summary of every answer. */
export type OnboardingPlace = number | 'summary';

/** After step `index`, with the profile as it is now: the next step not done, else an earlier one, else the summary. */
export function placeAfter(index: number, profile: Pick<Profile, OnboardingField>): OnboardingPlace {
  const open = ONBOARDING_STEPS.findIndex((step, i) => i > index && !stepDone(step.field, profile));
  if (open !== -1) return open;
  const earlier = ONBOARDING_STEPS.findIndex((step) => !stepDone(step.field, profile));
  return earlier !== -1 ? earlier : 'summary';
}

/**
 * The onboarding's steps as a small state machine: it opens at the first step
 * not done, and saving a step keeps the answer through the outbox and moves on
 * (an unchanged answer moves on without a save; a failed save stays put and
 * says so).
 */
export function useOnboardingSteps(profile: Profile) {
  const here = useHere();
  const [at, setAt] = useState<OnboardingPlace>(() => onboardingProgress(profile).firstOpen ?? 'summary');
  const [saving, setSaving] = useState(false);

  async function save(index: number, field: OnboardingField, value: unknown): Promise<void> {
    const changes = { [field]: value } as ProfilePatch;
    const after = { ...profile, ...changes };
    if (sameValue(profile[field], value)) {
      setAt(placeAfter(index, after));
      return;
    }
    setSaving(true);
    try {
      await saveProfileChange({ profile, changes, link: here() });
      setAt(placeAfter(index, after));
      window.scrollTo({ top: 0 });
    } catch {
      toastFailure(SAVE_MESSAGES.notKept);
    } finally {
      setSaving(false);
    }
  }

  return { at, goTo: setAt, saving, save };
}
