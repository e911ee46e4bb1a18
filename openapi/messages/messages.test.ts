import { describe, expect, it } from 'vitest';
import { afterQuietHours, defaultMessagePreferences, topicOfKind } from './messages.ts';

describe('SMS quiet hours (21:00 to 08:00 on the clinic’s clock)', () => {
  it('lets an SMS go at once in the day, up to the last minute before 21:00', () => {
    const noon = new Date('2031-03-04T06:30:00Z'); // 12:00 in Bengaluru
    expect(afterQuietHours(noon, 'Asia/Kolkata')).toBe(noon);
    const lastMinute = new Date('2031-03-04T15:29:00Z'); // 20:59 in Bengaluru
    expect(afterQuietHours(lastMinute, 'Asia/Kolkata')).toBe(lastMinute);
    const opening = new Date('2031-03-04T02:30:00Z'); // 08:00 in Bengaluru
    expect(afterQuietHours(opening, 'Asia/Kolkata')).toBe(opening);
  });

  it('holds one due in the evening until 08:00 the next morning, and one due after midnight until 08:00 that day', () => {
    expect(afterQuietHours(new Date('2031-03-04T15:30:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2031-03-05T02:30:00.000Z',
    );
    expect(afterQuietHours(new Date('2031-03-04T20:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2031-03-05T02:30:00.000Z',
    );
  });

  it('reads the clinic’s own clock, summer time included', () => {
    // 22:00 in London on the evening the clocks go forward (30 March 2031): 08:00 BST is 07:00 UTC.
    expect(afterQuietHours(new Date('2031-03-29T22:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2031-03-30T07:00:00.000Z',
    );
    // The same instant is 03:30 in Bengaluru: it waits for Bengaluru's 08:00.
    expect(afterQuietHours(new Date('2031-03-29T22:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2031-03-30T02:30:00.000Z',
    );
  });
});

describe('a client’s choices', () => {
  it('default to e-mail, and SMS too for a client who asked to be reached by text', () => {
    expect(defaultMessagePreferences(false).reminder).toEqual({ email: true, sms: false });
    expect(defaultMessagePreferences(true).appointment_change).toEqual({ email: true, sms: true });
  });

  it('cover the appointment messages, never a password or the clinic’s own alert', () => {
    expect(topicOfKind('appointment_moved')).toBe('appointment_change');
    expect(topicOfKind('temporary_password')).toBeNull();
    expect(topicOfKind('staff_alert')).toBeNull();
  });
});
