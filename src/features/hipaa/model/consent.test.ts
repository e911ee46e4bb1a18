import { describe, expect, it } from 'vitest';
import { placeholderProfile } from '@/features/people';
import { CONSENT_MESSAGES, HIPAA_CONSENT_VERSION, consentPatch, hasConsented } from './consent';

const ID = '5f0c1c1e-1111-4222-8333-444455556666';

describe('consentPatch', () => {
  it('is exactly the three consent fields: given, dated when accepted (ISO 8601), version 1.0', () => {
    expect(consentPatch(new Date('2026-03-01T10:03:04.567Z'))).toEqual({
      hipaa_consent: true,
      hipaa_consent_date: '2026-03-01T10:03:04.567Z',
      hipaa_consent_version: '1.0',
    });
    expect(HIPAA_CONSENT_VERSION).toBe('1.0');
  });
});

describe('hasConsented', () => {
  const profile = placeholderProfile(ID, 'a@thrive.test');

  it('follows the profile', () => {
    expect(hasConsented({ Username: ID, Profile: { ...profile, hipaa_consent: true }, UserAttributes: [] })).toBe(true);
    expect(hasConsented({ Username: ID, Profile: { ...profile, hipaa_consent: false }, UserAttributes: [] })).toBe(
      false,
    );
  });

  it('counts the placeholder client (no profile) as not consented', () => {
    expect(hasConsented({ Username: ID, Profile: null, UserAttributes: [] })).toBe(false);
  });
});

describe('CONSENT_MESSAGES', () => {
  it('carries the texts of spec sections 5 and 8', () => {
    expect(CONSENT_MESSAGES.notTicked).toBe('Please accept the terms by checking the box');
    expect(CONSENT_MESSAGES.saveFailed).toBe('Failed to record consent. Please try again.');
  });
});
