import { describe, expect, it } from 'vitest';
import { isIntakeCall, nextSteps, type JourneyState } from './next-steps';

const NOW = new Date('2026-06-10T09:00:00Z');
const fresh: JourneyState = {
  onboarding: { done: 1, total: 4, complete: false },
  lastThriveCheck: null,
  appointments: [],
  hasBaseline: false,
};

describe('what to do next', () => {
  it('lists every task for a new client, in order', () => {
    expect(nextSteps(fresh, NOW).map((step) => step.key)).toEqual([
      'onboarding',
      'intake-call',
      'thrive-check',
      'cognitive-baseline',
    ]);
    expect(nextSteps(fresh, NOW)[0]?.why).toMatch(/^1 of 4 steps done/);
  });

  it('drops each task once done, and the Thrive check until four weeks have passed', () => {
    const done: JourneyState = {
      onboarding: { done: 4, total: 4, complete: true },
      lastThriveCheck: '2026-05-20T09:00:00Z',
      appointments: [{ therapy_kind: 'consultation', status: 'booked' }],
      hasBaseline: true,
    };
    expect(nextSteps(done, NOW)).toEqual([]);
    expect(nextSteps({ ...done, lastThriveCheck: '2026-05-13T09:00:00Z' }, NOW).map((step) => step.key)).toEqual([
      'thrive-check',
    ]);
  });

  it('counts a consultation booked or held as the intake call, not a therapy or a cancelled one', () => {
    expect(isIntakeCall({ therapy_kind: 'consultation', status: 'completed' })).toBe(true);
    expect(isIntakeCall({ therapy_kind: 'consultation', status: 'cancelled' })).toBe(false);
    expect(isIntakeCall({ therapy_kind: 'iv', status: 'booked' })).toBe(false);
  });

  it('leaves out what is not known yet (offline with nothing saved)', () => {
    expect(
      nextSteps({ ...fresh, appointments: null, hasBaseline: null, lastThriveCheck: undefined }, NOW).map(
        (step) => step.key,
      ),
    ).toEqual(['onboarding']);
  });
});
