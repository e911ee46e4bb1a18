import { describe, expect, it } from 'vitest';
import { appointmentWhen, dayOf } from './when';

const NOW = new Date('2026-11-24T06:00:00Z'); // 11:30 in Bengaluru

describe('appointmentWhen', () => {
  it('says today, tomorrow, or the day, on the clinic’s clock', () => {
    expect(appointmentWhen('2026-11-24T10:00:00+05:30', 'Asia/Kolkata', NOW)).toBe('today 10:00');
    expect(appointmentWhen('2026-11-25T09:30:00+05:30', 'Asia/Kolkata', NOW)).toBe('tomorrow 09:30');
    expect(appointmentWhen('2026-11-29T10:00:00+05:30', 'Asia/Kolkata', NOW)).toBe('Sun 29 Nov 10:00');
    expect(appointmentWhen('2027-01-04T08:00:00Z', 'Europe/London', NOW)).toBe('Mon 4 Jan 2027 08:00');
  });

  it('takes the clinic’s day, not the device’s: late evening in London is still today there', () => {
    expect(appointmentWhen('2026-11-24T23:30:00Z', 'Europe/London', new Date('2026-11-24T20:00:00Z'))).toBe(
      'today 23:30',
    );
  });
});

describe('dayOf', () => {
  it('names the weekday, day and month, with the year when asked', () => {
    expect(dayOf('2026-11-29')).toBe('Sun 29 Nov');
    expect(dayOf('2026-11-29', true)).toBe('Sun 29 Nov 2026');
  });
});
