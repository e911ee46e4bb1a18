import { describe, expect, it } from 'vitest';
import { ageInYears, genderLabel } from './profile';

describe('ageInYears', () => {
  it('counts whole years of 365.25 days', () => {
    expect(ageInYears('1986-04-12', new Date('2026-04-11T00:00:00Z'))).toBe(39);
    expect(ageInYears('1986-04-12', new Date('2026-04-12T12:00:00Z'))).toBe(40);
  });

  it('uses 365.25-day years, not calendar birthdays', () => {
    // 40 calendar years contain 10 leap days, 40 * 365.25 = 14610 days exactly:
    // a 365-day year would reach 40 ten days early.
    expect(ageInYears('1986-01-01', new Date('2025-12-22T00:00:00Z'))).toBe(39);
    expect(ageInYears('2000-01-01', new Date('2001-01-01T00:00:00Z'))).toBe(1);
    expect(ageInYears('2001-01-01', new Date('2001-12-31T23:59:59Z'))).toBe(0);
  });

  it('is null when unknown, invalid or in the future', () => {
    expect(ageInYears(null)).toBeNull();
    expect(ageInYears('not a date')).toBeNull();
    expect(ageInYears('2030-01-01', new Date('2026-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('genderLabel', () => {
  it('shows M and F as words and anything else as Not specified', () => {
    expect(genderLabel('M')).toBe('Male');
    expect(genderLabel('F')).toBe('Female');
    expect(genderLabel(null)).toBe('Not specified');
    expect(genderLabel(undefined)).toBe('Not specified');
  });
});
