import { describe, expect, it } from 'vitest';
import { emailAttribute, fullName, placeholderProfile, profileOf } from './user-detail';

const ID = '5f0c1c1e-1111-4222-8333-444455556666';

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
