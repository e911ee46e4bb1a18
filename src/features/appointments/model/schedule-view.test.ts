import { describe, expect, it } from 'vitest';
import { clockOf } from '@/lib/intl';
import { hoursShown, scrollStartOf } from './schedule-view';

const hours = { start: '07:00:00', end: '21:00:00' };

describe('where the day opens', () => {
  it('is the half hour before now on today, so what is under way shows first', () => {
    expect(scrollStartOf(hours, true, '15:10')).toBe('14:30:00');
    expect(scrollStartOf(hours, true, '15:40')).toBe('15:00:00');
    expect(scrollStartOf(hours, true, '09:00')).toBe('08:30:00');
  });

  it('stays within the hours drawn, before opening and after closing', () => {
    expect(scrollStartOf(hours, true, '05:20')).toBe('07:00:00');
    expect(scrollStartOf(hours, true, '00:05')).toBe('07:00:00');
    expect(scrollStartOf(hours, true, '22:45')).toBe('20:00:00');
    expect(scrollStartOf({ start: '07:00:00', end: '23:59:59' }, true, '23:50')).toBe('23:00:00');
  });

  it('is the first hour drawn on any other day', () => {
    expect(scrollStartOf(hours, false, '15:10')).toBe('07:00:00');
  });
});

describe('the hours drawn', () => {
  const clinic = {
    opening_hours: [
      { weekday: 1, opens: '08:00', closes: '19:00' },
      { weekday: 2, opens: '08:00', closes: '18:30' },
    ],
  };
  const clock = clockOf('Europe/London');

  it('are the opening hours of the days shown, a part hour drawn whole', () => {
    // 2031-03-03 is a Monday, 2031-03-04 a Tuesday.
    expect(hoursShown(clinic, clock, ['2031-03-03'], [])).toEqual({ start: '08:00:00', end: '19:00:00' });
    expect(hoursShown(clinic, clock, ['2031-03-04'], [])).toEqual({ start: '08:00:00', end: '19:00:00' });
  });

  it('widen to take in an appointment outside them', () => {
    const late = { starts_at: '2031-03-03T19:30:00+00:00', ends_at: '2031-03-03T20:15:00+00:00' };
    expect(hoursShown(clinic, clock, ['2031-03-03'], [late])).toEqual({ start: '08:00:00', end: '21:00:00' });
  });

  it('are 08 to 18 on a day the clinic is closed with nothing booked', () => {
    expect(hoursShown(clinic, clock, ['2031-03-08'], [])).toEqual({ start: '08:00:00', end: '18:00:00' });
  });
});
