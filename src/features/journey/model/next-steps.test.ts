import { describe, expect, it } from 'vitest';
import { clockOf } from '@/lib/intl';
import { nextSteps, type JourneyState } from './next-steps';

const NOW = new Date('2026-06-10T09:00:00Z');
const CLOCK = clockOf('Asia/Kolkata');
const fresh: JourneyState = {
  onboarding: { done: 1, total: 4, complete: false },
  lastThriveCheck: null,
  appointments: [],
  hasBaseline: false,
};

describe('what to do next', () => {
  it('lists every task for a new client, in order', () => {
    expect(nextSteps(fresh, NOW, CLOCK).map((step) => step.key)).toEqual([
      'onboarding',
      'intake-call',
      'thrive-check',
      'cognitive-baseline',
    ]);
    expect(nextSteps(fresh, NOW, CLOCK)[0]?.why).toMatch(/^1 of 4 steps done/);
  });

  it('drops each task once done, and the Thrive check until four weeks have passed', () => {
    const done: JourneyState = {
      onboarding: { done: 4, total: 4, complete: true },
      lastThriveCheck: '2026-05-20T09:00:00Z',
      appointments: [{ service_name: 'Intake call', therapy_kind: 'consultation', status: 'booked' }],
      hasBaseline: true,
    };
    expect(nextSteps(done, NOW, CLOCK)).toEqual([]);
    expect(nextSteps({ ...done, lastThriveCheck: '2026-05-13T09:00:00Z' }, NOW, CLOCK).map((step) => step.key)).toEqual(
      ['thrive-check'],
    );
  });

  it('counts the intake call booked or held, not another consultation or a cancelled call', () => {
    const done: JourneyState = {
      onboarding: { done: 4, total: 4, complete: true },
      lastThriveCheck: '2026-05-20T09:00:00Z',
      appointments: [],
      hasBaseline: true,
    };
    const withCall = (appointments: JourneyState['appointments']): JourneyState => ({ ...done, appointments });
    const call = { service_name: 'Intake call', therapy_kind: 'consultation' } as const;
    expect(nextSteps(withCall([{ ...call, status: 'completed' }]), NOW, CLOCK)).toEqual([]);
    expect(nextSteps(withCall([{ ...call, status: 'cancelled' }]), NOW, CLOCK).map((step) => step.key)).toEqual([
      'intake-call',
    ]);
    expect(
      nextSteps(
        withCall([{ service_name: 'Nutrition consult', therapy_kind: 'consultation', status: 'booked' }]),
        NOW,
        CLOCK,
      ).map((step) => step.key),
    ).toEqual(['intake-call']);
  });

  it('leaves out what is not known yet (offline with nothing saved)', () => {
    expect(
      nextSteps({ ...fresh, appointments: null, hasBaseline: null, lastThriveCheck: undefined }, NOW, CLOCK).map(
        (step) => step.key,
      ),
    ).toEqual(['onboarding']);
  });

  it('dates the last Thrive check on the clinic’s calendar', () => {
    // 20:00 UTC on 10 May is already 11 May in Bengaluru.
    const state = {
      ...fresh,
      onboarding: { done: 4, total: 4, complete: true },
      lastThriveCheck: '2026-05-10T20:00:00Z',
    };
    const why = (clock: typeof CLOCK) => nextSteps(state, NOW, clock).find((step) => step.key === 'thrive-check')?.why;
    expect(why(CLOCK)).toBe('Due every four weeks; your last one was on Mon 11 May 2026.');
    expect(why(clockOf('Europe/London'))).toBe('Due every four weeks; your last one was on Sun 10 May 2026.');
  });
});
