import { describe, expect, it } from 'vitest';
import { parseClinicContact } from './clinic-contact';

describe('the clinic contact for a forgotten password', () => {
  it('takes the phone as written, and dialled without spaces', () => {
    expect(
      parseClinicContact({ VITE_CLINIC_PHONE: ' +91 80 4123 4567 ', VITE_CLINIC_EMAIL: 'bengaluru@thrive.test' }),
    ).toEqual({ phone: '+91 80 4123 4567', phoneDialled: '+918041234567', email: 'bengaluru@thrive.test' });
  });

  it('falls back to the support address without a clinic e-mail, and leaves out what is not a contact', () => {
    expect(
      parseClinicContact({
        VITE_CLINIC_PHONE: 'call us',
        VITE_CLINIC_EMAIL: 'nobody',
        VITE_SUPPORT_EMAIL: 'help@a.test',
      }),
    ).toEqual({ phone: null, phoneDialled: null, email: 'help@a.test' });
    expect(parseClinicContact({})).toEqual({ phone: null, phoneDialled: null, email: null });
  });

  it('the local stack has the demo clinic’s contacts (.env)', () => {
    expect(parseClinicContact(import.meta.env)).toEqual({
      phone: '+91 80 4123 4567',
      phoneDialled: '+918041234567',
      email: 'bengaluru@thrive.test',
    });
  });
});
