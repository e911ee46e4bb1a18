import { describe, expect, it } from 'vitest';
import { placeAfter } from './useOnboardingSteps';
import { FULL_LIFESTYLE as lifestyle, NO_ANSWERS as empty } from '@/test/onboarding-answers';

describe('the place after a saved step', () => {
  it('is the next step not done', () => {
    expect(placeAfter(0, { ...empty, health_goals: 'Sleep better' })).toBe(1);
  });

  it('passes over later steps already done', () => {
    expect(placeAfter(0, { ...empty, health_goals: 'Sleep better', client_story: 'A story' })).toBe(2);
  });

  it('goes back to an earlier step left open once the later ones are done', () => {
    expect(
      placeAfter(3, {
        ...empty,
        client_story: 'A story',
        lifestyle_history: lifestyle,
        family_history: { none_known: true },
      }),
    ).toBe(0);
  });

  it('is the summary once every step is done', () => {
    const done = {
      health_goals: 'Sleep better',
      client_story: 'A story',
      lifestyle_history: lifestyle,
      family_history: { none_known: true },
    };
    expect(placeAfter(3, done)).toBe('summary');
  });
});
