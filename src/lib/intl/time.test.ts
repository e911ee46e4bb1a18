import { describe, expect, it } from 'vitest';
import { counted, formatMoney, formatNumber } from './numbers';
import {
  clockOf,
  daySpan,
  formatAge,
  formatDate,
  formatDateTime,
  formatDay,
  formatElapsed,
  formatTime,
  formatWhen,
  dayTyped,
  entryInstant,
  instantOn,
  isWallTime,
  localeOfZone,
  partOfDay,
  todayOn,
  wallDateTime,
  wallTime,
  wallTimeTyped,
  zoneName,
} from './time';

const BENGALURU = clockOf('Asia/Kolkata');
const LONDON = clockOf('Europe/London');

describe('a clinic’s clock', () => {
  it('takes its locale from its zone, British English where no other is named', () => {
    expect(BENGALURU).toEqual({ timeZone: 'Asia/Kolkata', locale: 'en-IN' });
    expect(LONDON).toEqual({ timeZone: 'Europe/London', locale: 'en-GB' });
    expect(localeOfZone('America/New_York')).toBe('en-GB');
    expect(clockOf('Asia/Kolkata')).toBe(BENGALURU);
  });

  it('reads an instant on the clinic’s zone: an 11:00 session in Bengaluru is 11:00, not the device’s 05:30', () => {
    const session = '2026-12-01T05:30:00Z';
    expect(formatTime(session, BENGALURU)).toBe('11:00');
    expect(formatTime(session, LONDON)).toBe('05:30');
    expect(formatDateTime(session, BENGALURU)).toBe('Tue 1 Dec 2026, 11:00');
    expect(zoneName(BENGALURU, session)).toBe('IST');
  });

  it('writes times on the 24-hour clock', () => {
    expect(formatTime('2026-12-01T07:40:00Z', BENGALURU)).toBe('13:10');
    expect(formatTime('2026-11-30T18:30:00Z', BENGALURU)).toBe('00:00');
    expect(formatTime('2026-12-01T18:29:00Z', BENGALURU)).toBe('23:59');
  });

  it('puts a late evening on the clinic’s own date', () => {
    // 23:30 in Bengaluru is still the afternoon of the day before in New York, and 18:00 in London.
    const lateEvening = '2026-12-01T18:00:00Z';
    expect(formatDate(lateEvening, BENGALURU)).toBe('Tue 1 Dec 2026');
    expect(formatDate('2026-12-01T18:30:00Z', BENGALURU)).toBe('Wed 2 Dec 2026');
    expect(todayOn(BENGALURU, '2026-12-01T18:30:00Z')).toBe('2026-12-02');
    expect(todayOn(LONDON, '2026-12-01T18:30:00Z')).toBe('2026-12-01');
  });

  it('follows London into and out of summer time', () => {
    // The clocks went forward at 01:00 GMT on Sunday 29 March 2026 and back at 01:00 GMT on 25 October.
    expect(formatTime('2026-03-29T00:30:00Z', LONDON)).toBe('00:30');
    expect(formatTime('2026-03-29T01:30:00Z', LONDON)).toBe('02:30');
    expect(zoneName(LONDON, '2026-03-29T00:30:00Z')).toBe('GMT');
    expect(zoneName(LONDON, '2026-03-29T01:30:00Z')).toBe('BST');
    expect(formatTime('2026-10-25T00:30:00Z', LONDON)).toBe('01:30');
    expect(formatTime('2026-10-25T01:30:00Z', LONDON)).toBe('01:30');
    // The short day has 23 hours, the long one 25.
    const spring = daySpan('2026-03-29', 1, LONDON);
    expect(Date.parse(spring.to) - Date.parse(spring.from)).toBe(23 * 3600_000);
    const autumn = daySpan('2026-10-25', 1, LONDON);
    expect(Date.parse(autumn.to) - Date.parse(autumn.from)).toBe(25 * 3600_000);
  });

  it('turns a time typed at the clinic into the instant, and back', () => {
    expect(instantOn('2026-12-01', '11:00', BENGALURU)).toBe('2026-12-01T05:30:00.000Z');
    expect(instantOn('2026-07-01', '09:00', LONDON)).toBe('2026-07-01T08:00:00.000Z');
    expect(wallTime(instantOn('2026-07-01', '09:00', LONDON), LONDON)).toBe('09:00');
    // 01:30 does not exist in London on 29 March 2026: it is read as the time after the gap.
    expect(instantOn('2026-03-29', '01:30', LONDON)).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTime('not a time', LONDON)).toBe('');
    expect(wallDateTime('2031-03-03T04:30:00Z', BENGALURU)).toBe('2031-03-03 10:00:00');
  });

  it('reads a typed time of day on the 24-hour clock', () => {
    expect(isWallTime('00:00')).toBe(true);
    expect(isWallTime('23:59')).toBe(true);
    expect(isWallTime('24:00')).toBe(false);
    expect(isWallTime('1:10 PM')).toBe(false);
    expect(wallTimeTyped('1310')).toBe('13:10');
    expect(wallTimeTyped('13:1')).toBe('13:1');
    expect(wallTimeTyped('1 3a')).toBe('13');
  });

  it('greets by the clinic’s clock', () => {
    // 19:30 in Bengaluru is 14:00 UTC: evening at the clinic, whatever the device says.
    expect(partOfDay('2026-12-01T14:00:00Z', BENGALURU)).toBe('evening');
    expect(partOfDay('2026-12-01T14:00:00Z', LONDON)).toBe('afternoon');
    expect(partOfDay('2026-12-01T05:00:00Z', BENGALURU)).toBe('morning');
  });
});

describe('a date typed at a clinic', () => {
  it('reads the ISO date, the day first as Bengaluru and London write it, and the date as Thrive writes it', () => {
    expect(dayTyped('2026-12-01')).toBe('2026-12-01');
    expect(dayTyped('1/12/2026')).toBe('2026-12-01');
    expect(dayTyped('01.12.2026')).toBe('2026-12-01');
    expect(dayTyped('1 Dec 2026')).toBe('2026-12-01');
    expect(dayTyped('Tue 1 Dec 2026')).toBe('2026-12-01');
    expect(dayTyped('30 Sept 1979')).toBe('1979-09-30');
  });

  it('refuses what is not a day of the calendar, never guessing the month first', () => {
    expect(dayTyped('31/02/2026')).toBeNull();
    expect(dayTyped('12/31/2026')).toBeNull();
    expect(dayTyped('1 Foo 2026')).toBeNull();
    expect(dayTyped('yesterday')).toBeNull();
  });
});

describe('one date style in every locale', () => {
  it('writes "Tue 1 Dec 2026" whatever the locale’s own punctuation', () => {
    expect(formatDay('2026-12-01')).toBe('Tue 1 Dec 2026');
    expect(formatDay('2026-12-01', {}, 'en-IN')).toBe('Tue 1 Dec 2026');
    expect(formatDay('2026-12-01', {}, 'en-US')).toBe('Tue 1 Dec 2026');
    expect(formatDay('2026-12-01', { year: false })).toBe('Tue 1 Dec');
    expect(formatDay('2026-12-01', { weekday: 'long', year: false })).toBe('Tuesday 1 Dec');
    expect(formatDay('2026-12-01', { weekday: false })).toBe('1 Dec 2026');
  });

  it('says when, as staff do', () => {
    const now = '2026-11-24T06:00:00Z';
    expect(formatWhen('2026-11-24T04:30:00Z', BENGALURU, now)).toBe('today 10:00');
    expect(formatWhen('2026-11-25T04:00:00Z', BENGALURU, now)).toBe('tomorrow 09:30');
    expect(formatWhen('2026-11-29T04:30:00Z', BENGALURU, now)).toBe('Sun 29 Nov 10:00');
    expect(formatWhen('2027-01-04T08:00:00Z', LONDON, now)).toBe('Mon 4 Jan 2027 08:00');
  });

  it('says how long and how old', () => {
    expect(formatElapsed(12 * 60_000)).toBe('12 min');
    expect(formatElapsed(65 * 60_000)).toBe('1 h 5 min');
    expect(formatAge(20_000)).toBe('just now');
    expect(formatAge(5 * 60_000)).toBe('5 min ago');
    expect(formatAge(3 * 3600_000)).toBe('3 h ago');
    expect(formatAge(24 * 3600_000)).toBe('1 day ago');
    expect(formatAge(72 * 3600_000)).toBe('3 days ago');
  });
});

describe('numbers', () => {
  it('counts nouns by the plural rules', () => {
    expect(counted(1, 'additive', 'additives')).toBe('1 additive');
    expect(counted(2, 'additive', 'additives')).toBe('2 additives');
    expect(counted(0, 'additive', 'additives')).toBe('0 additives');
    expect(counted(10_000, 'client', 'clients')).toBe('10,000 clients');
  });

  it('groups and writes money as the locale does', () => {
    expect(formatNumber(100_000, 'en-IN')).toBe('1,00,000');
    expect(formatNumber(100_000)).toBe('100,000');
    expect(formatMoney(240_000, 'INR', 'en-IN')).toBe('₹2,400');
    expect(formatMoney(8950, 'GBP')).toBe('£89.50');
  });
});

describe('the instant of a time typed for a visit', () => {
  // 02:43 on 3 December at the Bengaluru clinic.
  const now = new Date('2026-12-02T21:13:00Z');

  it('is on the visit’s day when the visit is today', () => {
    expect(entryInstant('2026-12-03', '02:40', BENGALURU, now)).toBe('2026-12-02T21:10:00.000Z');
  });

  it('is today for a visit begun yesterday and charted after midnight', () => {
    expect(entryInstant('2026-12-02', '02:40', BENGALURU, now)).toBe('2026-12-02T21:10:00.000Z');
  });

  it('stays on the visit’s day for a time later than now today', () => {
    expect(entryInstant('2026-12-02', '14:30', BENGALURU, now)).toBe('2026-12-02T09:00:00.000Z');
  });

  it('allows the clock tolerance: a few minutes ahead of now is still today', () => {
    expect(entryInstant('2026-12-02', '02:50', BENGALURU, now)).toBe('2026-12-02T21:20:00.000Z');
  });
});
