import { describe, expect, it } from 'vitest';
import { onboardingProgress, stepDone } from './onboarding';
import { FULL_LIFESTYLE as lifestyle, NO_ANSWERS as empty } from '@/test/onboarding-answers';

describe('onboarding progress', () => {
  it('starts at the first step with nothing done', () => {
    expect(onboardingProgress(empty)).toEqual({ done: 0, total: 4, complete: false, firstOpen: 0 });
  });

  it('resumes at the first step not done, whatever was done after it', () => {
    expect(
      onboardingProgress({ ...empty, health_goals: 'Sleep better', family_history: { none_known: true } }),
    ).toEqual({ done: 2, total: 4, complete: false, firstOpen: 1 });
  });

  it('counts a lifestyle only when every topic is answered, and a family with a relative or none known', () => {
    const { diabetes: _open, ...almost } = lifestyle;
    expect(stepDone('lifestyle_history', { ...empty, lifestyle_history: almost })).toBe(false);
    expect(stepDone('lifestyle_history', { ...empty, lifestyle_history: lifestyle })).toBe(true);
    expect(stepDone('family_history', { ...empty, family_history: { notes: 'Adopted' } })).toBe(false);
    expect(
      stepDone('family_history', {
        ...empty,
        family_history: { relatives: [{ relative: 'father', conditions: ['diabetes'] }] },
      }),
    ).toBe(true);
    expect(stepDone('health_goals', { ...empty, health_goals: '   ' })).toBe(false);
  });

  it('is complete with every step done', () => {
    expect(
      onboardingProgress({
        health_goals: 'More energy',
        client_story: 'Desk job, two children.',
        lifestyle_history: lifestyle,
        family_history: { none_known: true },
      }),
    ).toEqual({ done: 4, total: 4, complete: true, firstOpen: null });
  });
});
