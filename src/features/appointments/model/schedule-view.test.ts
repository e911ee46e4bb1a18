import { describe, expect, it } from 'vitest';
import { clockOf } from '@/lib/intl';
import { hoursShown, scrollStartOf } from './schedule-view';

const hours = { start: '07:00:00', end: '21:00:00' };

describe('where the schedule opens', () => {
  const today = '2031-03-05';
  const week = ['2031-03-03', '2031-03-04', today, '2031-03-06', '2031-03-07', '2031-03-08', '2031-03-09'];

  it('is the half hour before now on today, so what is under way shows first', () => {
    expect(scrollStartOf(hours, [today], today, '15:10')).toBe(`${today} 14:30:00`);
    expect(scrollStartOf(hours, [today], today, '15:40')).toBe(`${today} 15:00:00`);
    expect(scrollStartOf(hours, [today], today, '09:00')).toBe(`${today} 08:30:00`);
  });

  it('is today at the half hour before now in the week that holds today', () => {
    expect(scrollStartOf(hours, week, today, '15:10')).toBe(`${today} 14:30:00`);
  });

  it('stays within the hours drawn, before opening and after closing', () => {
    expect(scrollStartOf(hours, [today], today, '05:20')).toBe(`${today} 07:00:00`);
    expect(scrollStartOf(hours, [today], today, '00:05')).toBe(`${today} 07:00:00`);
    expect(scrollStartOf(hours, [today], today, '22:45')).toBe(`${today} 20:00:00`);
    expect(scrollStartOf({ start: '07:00:00', end: '23:59:59' }, [today], today, '23:50')).toBe(`${today} 23:00:00`);
  });

  it('is the first hour drawn of the first day on any other day or week', () => {
    expect(scrollStartOf(hours, ['2031-03-06'], today, '15:10')).toBe('2031-03-06 07:00:00');
    expect(scrollStartOf(hours, ['2031-03-10', '2031-03-11'], today, '15:10')).toBe('2031-03-10 07:00:00');
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
