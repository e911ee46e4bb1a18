import { describe, expect, it } from 'vitest';
import { instantFromTime, localToday, timeOfInstant } from './time';

describe('times at the bay', () => {
  it('turn a time of day on the visit’s day into an instant and back', () => {
    const day = new Date(2026, 10, 24, 9, 15);
    const instant = instantFromTime(day, '10:32');
    expect(new Date(instant).getDate()).toBe(24);
    expect(timeOfInstant(instant)).toBe('10:32');
  });

  it('say today as the device’s date', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
