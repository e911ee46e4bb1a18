import { describe, expect, it } from 'vitest';
import { clockOf } from '@/lib/intl';
import { describeValue, madeWhen, syncSummary } from './describe';

const counts = (waiting: number, failed = 0, conflict = 0) => ({
  waiting,
  failed,
  conflict,
  total: waiting + failed + conflict,
});

describe('the sync line', () => {
  it('says all changes are saved only when nothing is unsent', () => {
    expect(syncSummary(counts(0), true)).toMatchObject({ tone: 'saved', text: 'All changes saved' });
    expect(syncSummary(counts(0), false).text).toBe('All changes saved');
    expect(syncSummary(counts(1), true).text).not.toBe('All changes saved');
  });

  it('counts what waits, online and offline', () => {
    expect(syncSummary(counts(1), true)).toMatchObject({ tone: 'waiting', text: 'Saving 1 change to the server' });
    expect(syncSummary(counts(3), false).text).toBe('3 changes saved on this device, waiting for the network');
  });

  it('puts what needs the person first', () => {
    expect(syncSummary(counts(2, 1, 1), true)).toMatchObject({
      tone: 'attention',
      text: '1 change needs review, 1 change failed, 2 waiting',
      short: '2 to review',
    });
  });
});

describe('values and ages as people read them', () => {
  it('writes empty, yes/no, lists and answers plainly', () => {
    expect(describeValue(null)).toBe('Empty');
    expect(describeValue('')).toBe('Empty');
    expect(describeValue(true)).toBe('Yes');
    expect(describeValue({ Sleep: '7 h', Stress: 'low' })).toBe('Sleep: 7 h; Stress: low');
  });

  it('says how long ago a change was made', () => {
    const clock = clockOf('Asia/Kolkata');
    expect(madeWhen(0, 20_000, clock)).toBe('just now');
    expect(madeWhen(0, 5 * 60_000, clock)).toBe('5 min ago');
    expect(madeWhen(0, 3 * 3_600_000, clock)).toBe('3 h ago');
    // Older than a day: when, on the clinic's clock.
    const made = Date.parse('2026-12-01T05:30:00Z');
    expect(madeWhen(made, made + 2 * 24 * 3_600_000, clock)).toBe('on Tue 1 Dec 2026, 11:00');
  });
});
