import { schemaResolver } from '@mantine/form';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/lib/auth/roles';
import {
  CREATE_USER_MESSAGES,
  EMPTY_CREATE_USER,
  createUserSchema,
  phoneNumberOf,
  type CreateUserValues,
} from './schemas';

const VALID: CreateUserValues = {
  ...EMPTY_CREATE_USER,
  email: 'neela.varghese@thrive.test',
  first_name: 'Neela',
  last_name: 'Varghese',
  role: 'NURSE',
};

/** The field errors the create form shows: the schema's first message per field. */
const createUserErrors = (creator: Role | null, values: CreateUserValues) =>
  schemaResolver(createUserSchema(creator), { sync: true })(values);

const errorsOf = (change: Partial<CreateUserValues>, creator: 'ADMIN' | 'SUPER_ADMIN' = 'SUPER_ADMIN') =>
  createUserErrors(creator, { ...VALID, ...change });

describe('createUserSchema', () => {
  it('turns valid values into the body of POST users/users', () => {
    const body = v.parse(createUserSchema('ADMIN'), {
      ...VALID,
      email: '  Neela.Varghese@Thrive.TEST ',
      first_name: ' Neela ',
      phone_number: '(555) 555-0101',
      clinic: ' Thrive Bengaluru ',
    });
    expect(body).toEqual({
      email: 'neela.varghese@thrive.test',
      first_name: 'Neela',
      last_name: 'Varghese',
      role: 'NURSE',
      phone_number: '+15555550101',
      clinic: 'Thrive Bengaluru',
    });
  });

  it('sends no phone and no clinic when they are left empty', () => {
    expect(v.parse(createUserSchema('ADMIN'), VALID)).toMatchObject({ phone_number: null, clinic: null });
  });

  it('requires an e-mail address, and a well-formed one of at most 254 characters', () => {
    expect(errorsOf({ email: '   ' })).toEqual({ email: CREATE_USER_MESSAGES.emailMissing });
    expect(errorsOf({ email: 'neela@' })).toEqual({ email: CREATE_USER_MESSAGES.emailInvalid });
    expect(errorsOf({ email: 'neela thrive.test' })).toEqual({ email: CREATE_USER_MESSAGES.emailInvalid });
    expect(errorsOf({ email: `${'a'.repeat(243)}@thrive.test` })).toEqual({
      email: CREATE_USER_MESSAGES.emailTooLong,
    });
    expect(errorsOf({ email: `${'a'.repeat(242)}@thrive.test` })).toEqual({});
  });

  it('requires first and last name, each at most 100 characters after trimming', () => {
    expect(errorsOf({ first_name: ' ', last_name: '' })).toEqual({
      first_name: CREATE_USER_MESSAGES.firstNameMissing,
      last_name: CREATE_USER_MESSAGES.lastNameMissing,
    });
    expect(errorsOf({ first_name: 'N'.repeat(101), last_name: 'V'.repeat(101) })).toEqual({
      first_name: CREATE_USER_MESSAGES.firstNameTooLong,
      last_name: CREATE_USER_MESSAGES.lastNameTooLong,
    });
    expect(errorsOf({ first_name: ` ${'N'.repeat(100)} ` })).toEqual({});
  });

  it('requires a role', () => {
    expect(errorsOf({ role: '' })).toEqual({ role: CREATE_USER_MESSAGES.roleMissing });
  });

  it('lets a super admin, but not an admin, create super admins (as the API rules)', () => {
    expect(errorsOf({ role: 'SUPER_ADMIN' }, 'SUPER_ADMIN')).toEqual({});
    expect(errorsOf({ role: 'SUPER_ADMIN' }, 'ADMIN')).toEqual({ role: CREATE_USER_MESSAGES.roleNotAllowed });
    expect(errorsOf({ role: 'ADMIN' }, 'ADMIN')).toEqual({});
    expect(createUserErrors(null, VALID)).toEqual({ role: CREATE_USER_MESSAGES.roleNotAllowed });
  });

  it('puts the phone number together with its dial code, +1 by default, as E.164', () => {
    expect(v.parse(createUserSchema('ADMIN'), { ...VALID, phone_number: '555 555 0101' }).phone_number).toBe(
      '+15555550101',
    );
    expect(
      v.parse(createUserSchema('ADMIN'), { ...VALID, dial_code: '+91', phone_number: '098000 11122' }).phone_number,
    ).toBe('+919800011122');
    // A number typed with its own + keeps it, whatever the dial code says.
    expect(
      v.parse(createUserSchema('ADMIN'), { ...VALID, dial_code: '+1', phone_number: '+44 20 7946 0958' }).phone_number,
    ).toBe('+442079460958');
  });

  it('refuses a phone number the contract would refuse: too short, too long, or not digits', () => {
    expect(errorsOf({ phone_number: '12345' })).toEqual({ phone_number: CREATE_USER_MESSAGES.phoneInvalid });
    expect(errorsOf({ phone_number: '1234567890123456' })).toEqual({
      phone_number: CREATE_USER_MESSAGES.phoneInvalid,
    });
    expect(errorsOf({ phone_number: '555-CALL-NOW' })).toEqual({ phone_number: CREATE_USER_MESSAGES.phoneInvalid });
    expect(errorsOf({ phone_number: '+0123456789' })).toEqual({ phone_number: CREATE_USER_MESSAGES.phoneInvalid });
  });

  it('checks the dial code only when there is a number to go with it', () => {
    expect(errorsOf({ dial_code: '1', phone_number: '5555550101' })).toEqual({
      dial_code: CREATE_USER_MESSAGES.dialCodeInvalid,
    });
    expect(errorsOf({ dial_code: '+12345', phone_number: '5555550101' })).toEqual({
      dial_code: CREATE_USER_MESSAGES.dialCodeInvalid,
    });
    expect(errorsOf({ dial_code: '', phone_number: '' })).toEqual({});
  });

  it('allows a clinic of at most 200 characters', () => {
    expect(errorsOf({ clinic: 'C'.repeat(201) })).toEqual({ clinic: CREATE_USER_MESSAGES.clinicTooLong });
    expect(errorsOf({ clinic: 'C'.repeat(200) })).toEqual({});
  });
});

describe('phoneNumberOf', () => {
  it('is null when no number was typed', () => {
    expect(phoneNumberOf('+1', '  ')).toBeNull();
  });

  it('drops the punctuation and a leading trunk 0', () => {
    expect(phoneNumberOf('+44', '(020) 7946-0958')).toBe('+442079460958');
  });
});
