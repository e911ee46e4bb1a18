import { describe, expect, it } from 'vitest';
import { daysBetween, intervalDays, progressOf, type ProgressInput } from './progress.ts';

const BASE: ProgressInput = {
  status: 'active',
  startDate: '2026-03-02',
  lengthWeeks: 8,
  plan: [
    { therapy: 'fir', planned: 8 },
    { therapy: 'iv', planned: 8 },
  ],
  done: {},
  lastSessionDay: null,
  today: '2026-03-02',
};

describe('intervalDays', () => {
  it('is the program’s days over its sessions, rounded up, and at least one', () => {
    expect(intervalDays(8, 16)).toBe(4);
    expect(intervalDays(12, 24)).toBe(4);
    expect(intervalDays(4, 20)).toBe(2);
    expect(intervalDays(4, 100)).toBe(1);
    expect(intervalDays(6, 0)).toBe(42);
  });
});

describe('daysBetween', () => {
  it('counts calendar days, across months and a leap day', () => {
    expect(daysBetween('2028-02-27', '2028-03-01')).toBe(3);
    expect(daysBetween('2026-03-05', '2026-03-02')).toBe(-3);
  });
});

describe('progressOf', () => {
  it('lists the plan in therapy order, done against planned, and caps what a therapy adds at its plan', () => {
    const progress = progressOf({ ...BASE, done: { iv: 10, fir: 3, hbot: 4 }, lastSessionDay: '2026-03-02' });
    expect(progress.sessions).toEqual([
      { therapy: 'iv', planned: 8, done: 10 },
      { therapy: 'fir', planned: 8, done: 3 },
    ]);
    expect(progress.plannedTotal).toBe(16);
    expect(progress.doneTotal).toBe(11);
  });

  it('counts program weeks from the start, 0 before it, never past the program’s length', () => {
    expect(progressOf({ ...BASE, today: '2026-03-01' }).week).toBe(0);
    expect(progressOf(BASE).week).toBe(1);
    expect(progressOf({ ...BASE, today: '2026-03-09' }).week).toBe(2);
    expect(progressOf({ ...BASE, today: '2026-12-01' }).week).toBe(8);
  });

  it('flags an active client with no session within the interval, counting from the start when none yet', () => {
    // Interval: 56 days over 16 sessions, 4 days.
    expect(progressOf({ ...BASE, lastSessionDay: '2026-03-10', today: '2026-03-14' }).behind).toBe(false);
    const late = progressOf({ ...BASE, lastSessionDay: '2026-03-10', today: '2026-03-15' });
    expect(late.behind).toBe(true);
    expect(late.daysSinceLastSession).toBe(5);
    expect(progressOf({ ...BASE, today: '2026-03-07' })).toMatchObject({ behind: true, daysSinceLastSession: 5 });
  });

  it('does not flag an enrollment that is not active, not started, or whose plan is done', () => {
    const late = { ...BASE, lastSessionDay: '2026-03-03', today: '2026-04-20' };
    expect(progressOf({ ...late, status: 'paused' }).behind).toBe(false);
    expect(progressOf({ ...late, status: 'completed' }).behind).toBe(false);
    expect(progressOf({ ...BASE, startDate: '2026-05-01', today: '2026-04-20' })).toMatchObject({
      behind: false,
      daysSinceLastSession: null,
    });
    expect(progressOf({ ...late, done: { iv: 8, fir: 8 } }).behind).toBe(false);
  });
});
