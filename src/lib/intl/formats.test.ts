import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat, pluralRulesOf } from './formats';

describe('the kept formatters', () => {
  it('format as Intl does, with the locale and options given', () => {
    const at = new Date('2026-03-02T12:00:00Z');
    expect(dateFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(at)).toBe('2 March');
    expect(numberFormat('en-IN').format(1234567)).toBe('12,34,567');
    expect(pluralRulesOf('en-GB').select(1)).toBe('one');
  });

  it('make each formatter once and hand the same one back', () => {
    const options = { day: 'numeric', month: 'long', timeZone: 'UTC' } as const;
    expect(dateFormat('en-GB', options)).toBe(dateFormat('en-GB', { ...options }));
    expect(dateFormat('en-GB', options)).not.toBe(dateFormat('en-US', options));
    expect(numberFormat('en-GB')).toBe(numberFormat('en-GB', {}));
  });
});
