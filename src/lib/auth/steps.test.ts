import { describe, expect, it } from 'vitest';
import { contactsToVerify } from './steps';

describe('contactsToVerify', () => {
  it('offers both contacts when neither is verified', () => {
    expect(
      contactsToVerify({ email: 'a@thrive.test', emailVerified: false, phone: '+15555550114', phoneVerified: false }),
    ).toEqual(['email', 'phone_number']);
  });

  it('offers nothing once either is verified', () => {
    expect(
      contactsToVerify({ email: 'a@thrive.test', emailVerified: true, phone: '+15555550114', phoneVerified: false }),
    ).toEqual([]);
    expect(
      contactsToVerify({ email: 'a@thrive.test', emailVerified: false, phone: '+15555550114', phoneVerified: true }),
    ).toEqual([]);
  });

  it('offers only the contacts the account has', () => {
    expect(
      contactsToVerify({ email: 'a@thrive.test', emailVerified: false, phone: null, phoneVerified: false }),
    ).toEqual(['email']);
  });
});
