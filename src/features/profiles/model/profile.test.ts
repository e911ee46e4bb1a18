import { describe, expect, it } from 'vitest';
import { ageInYears, emailAttribute, fullName, genderLabel, placeholderProfile, profileOf } from './profile';

const ID = '5f0c1c1e-1111-4222-8333-444455556666';

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

describe('profileOf', () => {
  it('uses the placeholder client, first name Unknown, when the detail has no Profile', () => {
    const shown = profileOf({
      Username: ID,
      Profile: null,
      UserAttributes: [
        { Name: 'sub', Value: ID },
        { Name: 'email', Value: 'norole@thrive.test' },
      ],
    });
    expect(shown.isPlaceholder).toBe(true);
    expect(shown.profile).toMatchObject({
      client_id: ID,
      first_name: 'Unknown',
      email: 'norole@thrive.test',
      role: 'CLIENT',
      preferred_contact_method: 'phone',
      appointment_duration: '00:30:00',
      lifestyle_history: {},
      family_history: {},
      hipaa_consent: false,
    });
  });

  it('uses the Profile when there is one', () => {
    const profile = { ...placeholderProfile(ID, 'client@thrive.test'), first_name: 'Priya', last_name: 'Sharma' };
    expect(profileOf({ Username: ID, Profile: profile, UserAttributes: [] })).toEqual({
      profile,
      isPlaceholder: false,
    });
  });
});

describe('small helpers', () => {
  it('finds the email attribute', () => {
    expect(emailAttribute({ UserAttributes: [{ Name: 'email', Value: 'a@thrive.test' }] })).toBe('a@thrive.test');
    expect(emailAttribute({ UserAttributes: [] })).toBeNull();
  });

  it('joins title and names, skipping blanks', () => {
    expect(fullName({ title: 'Dr', first_name: 'Divya', last_name: 'Rao' })).toBe('Dr Divya Rao');
    expect(fullName({ title: null, first_name: 'Unknown', last_name: '' })).toBe('Unknown');
  });
});
