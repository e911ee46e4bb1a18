import { describe, expect, it } from 'vitest';
import { dateFormat } from './intl';

describe('dateFormat', () => {
  it('formats as Intl does, with the locale and options given', () => {
    const at = new Date('2026-03-02T12:00:00Z');
    const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
    expect(dateFormat('en-GB', options).format(at)).toBe('Mon 2 Mar');
    expect(dateFormat('en-GB', { ...options, year: 'numeric' }).format(at)).toBe('Mon, 2 Mar 2026');
  });

  it('makes each format once and hands the same one back', () => {
    const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', timeZone: 'UTC' };
    expect(dateFormat('en-GB', options)).toBe(dateFormat('en-GB', { ...options }));
    expect(dateFormat('en-GB', options)).not.toBe(dateFormat('en-US', options));
  });
});
