import * as v from 'valibot';
import type { components } from '@contract';
import { normaliseEmail } from '@/lib/auth/email';
import { DEFAULT_DIAL_CODE, E164_PHONE, withoutPhonePunctuation } from '@/lib/validation/formats';
import { ROLES, type Role } from '@/lib/auth/roles';
import { SUPER_ADMIN_ONLY_MESSAGE, rolesCreatableBy } from './model/roles';

export type UserCreate = components['schemas']['UserCreate'];

/** The contract's limits of UserCreate (openapi/clinic.yaml). */
export const USER_CREATE_LIMITS = {
  email: 254,
  name: 100,
  clinic: 200,
} as const;

const DIAL_CODE = /^\+[1-9][0-9]{0,3}$/;

export const CREATE_USER_MESSAGES = {
  emailMissing: 'Enter the e-mail address',
  emailInvalid: 'Enter an e-mail address like name@example.com',
  emailTooLong: `The e-mail address can have at most ${USER_CREATE_LIMITS.email} characters`,
  firstNameMissing: 'Enter the first name',
  firstNameTooLong: `The first name can have at most ${USER_CREATE_LIMITS.name} characters`,
  lastNameMissing: 'Enter the last name',
  lastNameTooLong: `The last name can have at most ${USER_CREATE_LIMITS.name} characters`,
  roleMissing: 'Choose a role',
  roleNotAllowed: SUPER_ADMIN_ONLY_MESSAGE,
  dialCodeInvalid: 'Enter a dial code like +1 or +91',
  phoneInvalid: 'Enter a phone number of 7 to 15 digits with its dial code, like +1 555 555 0101',
  clinicTooLong: `The clinic can have at most ${USER_CREATE_LIMITS.clinic} characters`,
} as const;

/** What the create form holds while it is being filled in. */
export interface CreateUserValues {
  email: string;
  first_name: string;
  last_name: string;
  /** Empty until a role is chosen. */
  role: Role | '';
  dial_code: string;
  /** The number without its dial code; one typed with a leading + is taken as complete. */
  phone_number: string;
  clinic: string;
}

export const EMPTY_CREATE_USER: CreateUserValues = {
  email: '',
  first_name: '',
  last_name: '',
  role: '',
  dial_code: DEFAULT_DIAL_CODE,
  phone_number: '',
  clinic: '',
};

/**
 * The E.164 number of the dial code and the number as typed; null when no
 * number was typed. A number typed with its own leading + keeps its own code.
 */
export function phoneNumberOf(dialCode: string, number: string): string | null {
  const digits = withoutPhonePunctuation(number);
  if (digits === '') return null;
  if (digits.startsWith('+')) return digits;
  return `${withoutPhonePunctuation(dialCode)}${digits.replace(/^0+/, '')}`;
}

function requiredName(missing: string, tooLong: string) {
  return v.pipe(v.string(), v.trim(), v.minLength(1, missing), v.maxLength(USER_CREATE_LIMITS.name, tooLong));
}

/**
 * The create-user form's rules: the contract's limits, and the roles the
 * creator may give (ADMIN not SUPER_ADMIN, as the API rules). The output is
 * the body of `POST users/users`.
 */
export function createUserSchema(creator: Role | null) {
  const allowed = rolesCreatableBy(creator);
  return v.pipe(
    v.object({
      email: v.pipe(
        v.string(),
        v.transform(normaliseEmail),
        v.minLength(1, CREATE_USER_MESSAGES.emailMissing),
        v.maxLength(USER_CREATE_LIMITS.email, CREATE_USER_MESSAGES.emailTooLong),
        v.email(CREATE_USER_MESSAGES.emailInvalid),
      ),
      first_name: requiredName(CREATE_USER_MESSAGES.firstNameMissing, CREATE_USER_MESSAGES.firstNameTooLong),
      last_name: requiredName(CREATE_USER_MESSAGES.lastNameMissing, CREATE_USER_MESSAGES.lastNameTooLong),
      role: v.pipe(
        v.picklist(ROLES, CREATE_USER_MESSAGES.roleMissing),
        v.check((role) => allowed.includes(role), CREATE_USER_MESSAGES.roleNotAllowed),
      ),
      dial_code: v.pipe(v.string(), v.trim()),
      phone_number: v.pipe(v.string(), v.trim()),
      clinic: v.pipe(v.string(), v.trim(), v.maxLength(USER_CREATE_LIMITS.clinic, CREATE_USER_MESSAGES.clinicTooLong)),
    }),
    // The dial code matters only with a number; both are checked as the E.164 number they make.
    v.forward(
      v.partialCheck(
        [['dial_code'], ['phone_number']],
        ({ dial_code, phone_number }) =>
          phone_number === '' || phone_number.startsWith('+') || DIAL_CODE.test(dial_code),
        CREATE_USER_MESSAGES.dialCodeInvalid,
      ),
      ['dial_code'],
    ),
    v.forward(
      v.partialCheck(
        [['dial_code'], ['phone_number']],
        ({ dial_code, phone_number }) => {
          // A bad dial code is reported on its own field, not once more here.
          if (!phone_number.startsWith('+') && !DIAL_CODE.test(dial_code)) return true;
          const phone = phoneNumberOf(dial_code, phone_number);
          return phone === null || E164_PHONE.test(phone);
        },
        CREATE_USER_MESSAGES.phoneInvalid,
      ),
      ['phone_number'],
    ),
    v.transform(({ email, first_name, last_name, role, dial_code, phone_number, clinic }): UserCreate => ({
      email,
      first_name,
      last_name,
      role,
      phone_number: phoneNumberOf(dial_code, phone_number),
      clinic: clinic === '' ? null : clinic,
    })),
  );
}
