import { schemaResolver } from '@mantine/form';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PROFILE_FIELD_NAMES, PROFILE_FIELDS } from '@contract';
import { PROFILE_SECTIONS, fieldSpec, type ProfileField } from './model/fields';
import { formValuesOf, type ProfileFormValues } from './model/form-values';
import { type Profile } from './model/profile';
import { placeholderProfile } from '@/features/people';
import { PROFILE_MESSAGES, normalisePhone, profileFormSchema, type ProfileSchemaOptions } from './schemas';

const ID = '5f0c1c1e-1111-4222-8333-444455556666';
const ALL = new Set<ProfileField>(PROFILE_SECTIONS.flatMap((section) => section.fields));
const TODAY = '2026-05-01';

const base: Profile = {
  ...placeholderProfile(ID, 'client2@thrive.test'),
  user_profile_id: '6f0c1c1e-1111-4222-8333-444455556666',
  first_name: 'Daniel',
  last_name: 'Okafor',
  lifestyle_history: { sleep_hours: 7, tobacco: 'never', notes: 'Two coffees a day' },
};

function schemaFor(options: Partial<ProfileSchemaOptions> = {}) {
  return profileFormSchema({ base, fields: ALL, roleChoices: [], today: () => TODAY, ...options });
}

/** The form's messages, as the form gets them: the first per field. */
function errorsOf(changes: Partial<ProfileFormValues>, options?: Partial<ProfileSchemaOptions>) {
  return schemaResolver(schemaFor(options), { sync: true })({ ...formValuesOf(base), ...changes });
}

/** What the form submits. */
function outputOf(changes: Partial<ProfileFormValues>, options?: Partial<ProfileSchemaOptions>) {
  return v.parse(schemaFor(options), { ...formValuesOf(base), ...changes });
}

const x = (n: number) => 'x'.repeat(n);

describe('profileFormSchema: the contract’s limits, from the field table', () => {
  it('needs first and last name, at most 100 characters each', () => {
    expect(errorsOf({ first_name: '  ' })).toEqual({ first_name: 'Enter the first name' });
    expect(errorsOf({ last_name: x(101) })).toEqual({ last_name: 'Last name can be at most 100 characters' });
    expect(outputOf({ first_name: x(100) }).first_name).toBe(x(100));
  });

  it.each([
    ['title', 50],
    ['city', 200],
    ['address_line_1', 200],
    ['emergency_contact_name', 200],
    ['zipcode', 20],
    ['health_goals', 4000],
    ['client_story', 10000],
  ] as const)('%s holds at most %i characters', (field, max) => {
    expect(outputOf({ [field]: x(max) })[field]).toBe(x(max));
    expect(errorsOf({ [field]: x(max + 1) })).toEqual({
      [field]: `${PROFILE_FIELDS[field].label} can be at most ${max} characters`,
    });
  });

  it('checks every text field of the table against its own limit', () => {
    const textFields = PROFILE_FIELD_NAMES.filter((field) => ['text', 'long-text'].includes(fieldSpec(field).input));
    expect(textFields).toHaveLength(16);
    for (const field of textFields) {
      const max = fieldSpec(field).max ?? 0;
      expect(Object.keys(errorsOf({ [field]: x(max) })), field).toEqual([]);
      expect(Object.keys(errorsOf({ [field]: x(max + 1) })), field).toEqual([field]);
    }
  });

  it('trims text and sends an emptied field as null', () => {
    const output = outputOf({ city: '  Pune ', title: '   ' });
    expect(output.city).toBe('Pune');
    expect(output.title).toBeNull();
  });

  it('takes phone numbers in E.164, tidying spaces and adding +1 to a number without a country code', () => {
    expect(normalisePhone('+1 (555) 555-0199')).toBe('+15555550199');
    expect(normalisePhone('555 555 0199')).toBe('+15555550199');
    expect(normalisePhone('0091 98450 12345')).toBe('+919845012345');
    expect(outputOf({ phone_number: '+91 98450 12345' }).phone_number).toBe('+919845012345');
    expect(outputOf({ emergency_contact_number: '' }).emergency_contact_number).toBeNull();
    expect(errorsOf({ alternate_phone: '12' })).toEqual({ alternate_phone: PROFILE_MESSAGES.phone });
    expect(errorsOf({ phone_number: '+0123456789' })).toEqual({ phone_number: PROFILE_MESSAGES.phone });
    expect(errorsOf({ phone_number: `+1${'5'.repeat(15)}` })).toEqual({ phone_number: PROFILE_MESSAGES.phone });
  });

  it('checks the alternate email', () => {
    expect(errorsOf({ alternate_email: 'not an email' })).toEqual({ alternate_email: PROFILE_MESSAGES.email });
    expect(outputOf({ alternate_email: ' daniel@example.com ' }).alternate_email).toBe('daniel@example.com');
    expect(Object.keys(errorsOf({ alternate_email: `${x(250)}@a.io` }))).toEqual(['alternate_email']);
  });

  it('takes a real date of birth, not in the future', () => {
    expect(outputOf({ date_of_birth: '1979-09-30' }).date_of_birth).toBe('1979-09-30');
    expect(outputOf({ date_of_birth: TODAY }).date_of_birth).toBe(TODAY);
    expect(errorsOf({ date_of_birth: '1979-02-30' })).toEqual({ date_of_birth: PROFILE_MESSAGES.date });
    expect(errorsOf({ date_of_birth: '2026-05-02' })).toEqual({
      date_of_birth: 'The date of birth cannot be in the future',
    });
  });

  it('takes gender M, F or not specified, and the contact methods of the contract', () => {
    expect(outputOf({ gender: '' }).gender).toBeNull();
    expect(outputOf({ gender: 'F' }).gender).toBe('F');
    expect(errorsOf({ gender: 'X' as ProfileFormValues['gender'] })).toEqual({ gender: PROFILE_MESSAGES.gender });
    expect(errorsOf({ preferred_contact_method: 'fax' as ProfileFormValues['preferred_contact_method'] })).toEqual({
      preferred_contact_method: PROFILE_MESSAGES.contactMethod,
    });
  });

  it('takes an appointment duration as HH:MM:SS under 24 hours', () => {
    expect(outputOf({ appointment_duration: '01:30:00' }).appointment_duration).toBe('01:30:00');
    expect(errorsOf({ appointment_duration: '24:00:00' })).toEqual({ appointment_duration: PROFILE_MESSAGES.duration });
    expect(errorsOf({ appointment_duration: '30' })).toEqual({ appointment_duration: PROFILE_MESSAGES.duration });
  });

  it('takes a 14-digit ABHA and a 12-digit Aadhaar number, written in groups or not', () => {
    const output = outputOf({ abha_number: '91-1234-5678-9012', aadhar_number: '1234 5678 9012' });
    expect(output.abha_number).toBe('91123456789012');
    expect(output.aadhar_number).toBe('123456789012');
    expect(errorsOf({ abha_number: '1234', aadhar_number: '12345678901a' })).toEqual({
      abha_number: 'An ABHA number has 14 digits',
      aadhar_number: 'An Aadhaar number has 12 digits',
    });
  });

  it('takes a photo only as a web address', () => {
    expect(errorsOf({ profile_picture: 'javascript:alert(1)' })).toEqual({ profile_picture: PROFILE_MESSAGES.url });
    expect(outputOf({ profile_picture: 'https://cdn.thrive.test/d.jpg' }).profile_picture).toBe(
      'https://cdn.thrive.test/d.jpg',
    );
  });
});

describe('profileFormSchema: histories', () => {
  it('keeps the answers given and leaves out the topics left open', () => {
    const output = outputOf({
      lifestyle_history: {
        sleep_hours: 6.5,
        diet: 'vegetarian',
        alcohol: null,
        notes: '  Walks daily ',
        diabetes: 'no',
      },
    });
    expect(output.lifestyle_history).toEqual({
      sleep_hours: 6.5,
      diet: 'vegetarian',
      notes: 'Walks daily',
      diabetes: 'no',
    });
  });

  it('takes sleep in half hours from 0 to 24, and notes within the contract’s limit', () => {
    expect(errorsOf({ lifestyle_history: { sleep_hours: 25, notes: x(4001) } })).toEqual({
      'lifestyle_history.sleep_hours': PROFILE_MESSAGES.sleepHours,
      'lifestyle_history.notes': PROFILE_MESSAGES.notesTooLong(4000),
    });
    expect(errorsOf({ lifestyle_history: { sleep_hours: 6.3 } })).toEqual({
      'lifestyle_history.sleep_hours': PROFILE_MESSAGES.sleepHours,
    });
  });

  it('needs to know who each relative is, and keeps each condition once', () => {
    expect(
      errorsOf({
        family_history: {
          relatives: [
            { relative: '', conditions: ['diabetes'] },
            { relative: 'father', conditions: [], notes: x(501) },
          ],
        },
      }),
    ).toEqual({
      'family_history.relatives.0.relative': PROFILE_MESSAGES.relative,
      'family_history.relatives.1.notes': PROFILE_MESSAGES.notesTooLong(500),
    });
    expect(
      outputOf({
        family_history: {
          relatives: [{ relative: 'mother', conditions: ['stroke', 'stroke'], notes: '' }],
          none_known: true,
        },
      }).family_history,
    ).toEqual({ relatives: [{ relative: 'mother', conditions: ['stroke'] }] });
  });

  it('holds at most 30 relatives; none known is an answer of its own', () => {
    const relatives = Array.from({ length: 31 }, () => ({ relative: 'son' as const, conditions: [] }));
    expect(errorsOf({ family_history: { relatives } })).toEqual({ 'family_history.relatives': 'At most 30 relatives' });
    expect(outputOf({ family_history: { relatives: [], none_known: true } }).family_history).toEqual({
      none_known: true,
    });
  });
});

describe('profileFormSchema: what the person may change', () => {
  it('neither checks nor returns fields outside the person’s rights', () => {
    const fields = new Set<ProfileField>(['phone_number', 'client_story']);
    const output = outputOf({ first_name: '', client_story: 'My story' }, { fields });
    expect(output).toEqual({ phone_number: null, client_story: 'My story' });
  });

  it('returns a role only when it changed, and only one the person may give', () => {
    expect(outputOf({ role: 'CLIENT' }, { roleChoices: ['CLIENT', 'NURSE'] }).role).toBeUndefined();
    expect(outputOf({ role: 'NURSE' }, { roleChoices: ['CLIENT', 'NURSE'] }).role).toBe('NURSE');
    expect(errorsOf({ role: 'SUPER_ADMIN' }, { roleChoices: ['CLIENT', 'NURSE'] })).toEqual({
      role: PROFILE_MESSAGES.role,
    });
    expect(outputOf({ role: 'NURSE' }, { roleChoices: [] }).role).toBeUndefined();
  });
});
