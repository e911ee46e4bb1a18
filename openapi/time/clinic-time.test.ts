import { describe, expect, it } from 'vitest';
import {
  addDays,
  durationMinutes,
  durationOf,
  instantAt,
  isoInZone,
  mondayOf,
  wallClockAt,
  weekdayOf,
} from './clinic-time.ts';

describe('clinic time', () => {
  it('reads an instant on the clinic’s clock, with its offset', () => {
    const instant = new Date('2031-03-03T04:30:00Z');
    expect(wallClockAt(instant, 'Asia/Kolkata')).toEqual({
      date: '2031-03-03',
      time: '10:00:00',
      weekday: 1,
      offsetMinutes: 330,
    });
    expect(isoInZone(instant, 'Asia/Kolkata')).toBe('2031-03-03T10:00:00+05:30');
    expect(isoInZone(instant, 'America/New_York')).toBe('2031-03-02T23:30:00-05:00');
    expect(isoInZone(instant, 'UTC')).toBe('2031-03-03T04:30:00+00:00');
  });

  it('finds the instant a clinic’s clock shows a time, across daylight saving', () => {
    expect(instantAt('2031-03-03 10:00', 'Asia/Kolkata').toISOString()).toBe('2031-03-03T04:30:00.000Z');
    expect(instantAt('2031-07-01T09:00:00', 'Europe/London').toISOString()).toBe('2031-07-01T08:00:00.000Z');
    expect(instantAt('2031-12-01 09:00', 'Europe/London').toISOString()).toBe('2031-12-01T09:00:00.000Z');
    // Either side of the spring-forward instant.
    expect(isoInZone(new Date('2031-03-30T00:59:59Z'), 'Europe/London')).toBe('2031-03-30T00:59:59+00:00');
    expect(isoInZone(new Date('2031-03-30T01:00:00Z'), 'Europe/London')).toBe('2031-03-30T02:00:00+01:00');
    // 01:30 does not exist in London on the spring-forward night: read as after the gap.
    expect(isoInZone(instantAt('2031-03-30 01:30', 'Europe/London'), 'Europe/London')).toBe(
      '2031-03-30T02:30:00+01:00',
    );
    // Times through a year round-trip through the clock.
    for (let t = Date.UTC(2031, 0, 1); t < Date.UTC(2032, 0, 1); t += 15 * 60_000 * 97) {
      const clock = wallClockAt(new Date(t), 'Europe/London');
      const back = instantAt(`${clock.date} ${clock.time}`, 'Europe/London').getTime();
      // The autumn hour that happens twice may come back as either of its instants.
      expect([0, 3_600_000]).toContain(Math.abs(back - t));
    }
  });

  it('does calendar and duration arithmetic', () => {
    expect(addDays('2031-02-27', 2)).toBe('2031-03-01');
    expect(weekdayOf('2031-03-09')).toBe(7);
    expect(mondayOf('2031-03-09')).toBe('2031-03-03');
    expect(durationMinutes('01:30:00')).toBe(90);
    expect(durationOf(45)).toBe('00:45:00');
  });
});
