import { describe, expect, it } from 'vitest';
import { checkConsentChange } from './consent.ts';

describe('checkConsentChange', () => {
  const now = new Date('2026-03-01T10:00:00Z');

  it('accepts consent given now (within a few minutes) to version 1.0', () => {
    const change = { hipaa_consent: true, hipaa_consent_version: '1.0', hipaa_consent_date: '2026-03-01T10:03:00Z' };
    expect(checkConsentChange(change, now)).toEqual([]);
  });

  it('ignores a change that does not touch consent', () => {
    expect(checkConsentChange({}, now)).toEqual([]);
  });

  it('names what is wrong: withdrawal, old version, a date far from now', () => {
    const fields = checkConsentChange(
      { hipaa_consent: false, hipaa_consent_version: '0.9', hipaa_consent_date: '2026-03-01T09:50:00Z' },
      now,
    ).map((error) => error.field);
    expect(fields).toEqual(['body.hipaa_consent', 'body.hipaa_consent_version', 'body.hipaa_consent_date']);
  });
});
