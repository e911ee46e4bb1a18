import * as v from 'valibot';
import { contactMethodValues } from '@contract';
import { isRole, type Role } from '@/lib/auth/roles';
import { DEFAULT_DIAL_CODE, E164_PHONE, isIsoDate, todayIso, withoutPhonePunctuation } from '@/lib/validation/formats';
import {
  FIELD_LABELS,
  isHistoryField,
  type HistoryField,
  type EditableField,
  type HistoryObject,
  type ProfileField,
  type ProfilePatch,
} from './model/fields';
import { historyFromEntries, type HistoryEntry, type ParsedProfile, type ProfileFormValues } from './model/form-values';
import type { Profile } from './model/profile';

/**
 * The form's checks, with the limits of the contract's Profile schema
 * (openapi/clinic.yaml), so what the form accepts the server accepts too.
 * Text is trimmed and an empty field is sent as null (cleared).
 */
export const PROFILE_LIMITS = {
  first_name: 100,
  last_name: 100,
  title: 50,
  /** Every other short text of the contract (NullableText). */
  text: 200,
  alternate_email: 254,
  zipcode: 20,
  profile_picture: 2000,
  health_goals: 4000,
  client_story: 10000,
  /** Answers per history (HistoryObject maxProperties). */
  historyAnswers: 100,
  /** Characters per history answer. */
  historyAnswer: 2000,
} as const;

/** HH:MM:SS under 24 hours, as the contract's Duration. */
export const DURATION_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;
export const ABHA_PATTERN = /^[0-9]{14}$/;
export const AADHAAR_PATTERN = /^[0-9]{12}$/;

export const PROFILE_MESSAGES = {
  phone: 'Enter the number with its country code, e.g. +15555550101',
  email: 'Enter an email address like name@example.com',
  date: 'Enter a date as YYYY-MM-DD',
  futureBirth: 'The date of birth cannot be in the future',
  url: 'Enter a web address starting with https://',
  duration: 'Choose how long appointments last',
  contactMethod: 'Choose phone call, email or text message',
  gender: 'Choose male, female or not specified',
  abha: 'An ABHA number has 14 digits',
  aadhaar: 'An Aadhaar number has 12 digits',
  role: 'Choose a role you may give',
  historyTopic: 'Say what this answer is about',
  historyDuplicate: 'This topic is already listed; each topic once',
  historyTooMany: `At most ${PROFILE_LIMITS.historyAnswers} answers`,
} as const;

function tooLong(field: EditableField, max: number): string {
  return `${FIELD_LABELS[field]} can be at most ${max} characters`;
}

/**
 * Spaces, dashes, dots and brackets are dropped ('+1 (555) 555-0101'); a
 * number without a leading + gets the default dial code. Empty stays empty.
 */
export function normalisePhone(input: string): string {
  const compact = withoutPhonePunctuation(input);
  if (compact === '') return '';
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  return `${DEFAULT_DIAL_CODE}${compact}`;
}

/** Digits only: ABHA and Aadhaar numbers are often written in groups ('91-1234-5678-9012', '1234 5678 9012'). */
export function digitsOnly(input: string): string {
  return input.replace(/[\s-]/g, '');
}

const toNull = v.transform((text: string) => (text === '' ? null : text));

function optionalText(field: ProfileField, max: number) {
  return v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong(field, max)), toNull);
}

function requiredText(field: ProfileField, max: number) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(`Enter the ${FIELD_LABELS[field].toLowerCase()}`),
    v.maxLength(max, tooLong(field, max)),
  );
}

function phone() {
  return v.pipe(
    v.string(),
    v.transform(normalisePhone),
    v.check((text) => text === '' || E164_PHONE.test(text), PROFILE_MESSAGES.phone),
    toNull,
  );
}

function digits(pattern: RegExp, message: string) {
  return v.pipe(
    v.string(),
    v.transform(digitsOnly),
    v.check((text) => text === '' || pattern.test(text), message),
    toNull,
  );
}

const EmailSchema = v.pipe(v.string(), v.email());

function dateOfBirth(today: string) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => text === '' || isIsoDate(text), PROFILE_MESSAGES.date),
    v.check((text) => text === '' || text <= today, PROFILE_MESSAGES.futureBirth),
    toNull,
  );
}

type NonHistoryField = Exclude<ProfileField, HistoryField>;

/** One schema per form field: the form's text in, the contract's value out. */
type FieldSchemas = {
  [K in NonHistoryField]: v.GenericSchema<ProfileFormValues[K], Required<ProfilePatch>[K]>;
};

export function profileFieldSchemas(today: string): FieldSchemas {
  return {
    title: optionalText('title', PROFILE_LIMITS.title),
    first_name: requiredText('first_name', PROFILE_LIMITS.first_name),
    last_name: requiredText('last_name', PROFILE_LIMITS.last_name),
    gender: v.pipe(
      v.picklist(['', 'M', 'F'], PROFILE_MESSAGES.gender),
      v.transform((gender) => (gender === '' ? null : gender)),
    ),
    date_of_birth: dateOfBirth(today),
    profile_picture: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(PROFILE_LIMITS.profile_picture, tooLong('profile_picture', PROFILE_LIMITS.profile_picture)),
      // The contract takes any URI; a photo is only ever fetched over the web.
      v.check((text) => text === '' || /^https?:\/\/[^\s]+$/i.test(text), PROFILE_MESSAGES.url),
      toNull,
    ),
    phone_number: phone(),
    alternate_phone: phone(),
    alternate_email: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(PROFILE_LIMITS.alternate_email, tooLong('alternate_email', PROFILE_LIMITS.alternate_email)),
      v.check((text) => text === '' || v.is(EmailSchema, text), PROFILE_MESSAGES.email),
      toNull,
    ),
    preferred_contact_method: v.picklist(contactMethodValues, PROFILE_MESSAGES.contactMethod),
    address_line_1: optionalText('address_line_1', PROFILE_LIMITS.text),
    address_line_2: optionalText('address_line_2', PROFILE_LIMITS.text),
    city: optionalText('city', PROFILE_LIMITS.text),
    state: optionalText('state', PROFILE_LIMITS.text),
    zipcode: optionalText('zipcode', PROFILE_LIMITS.zipcode),
    country: optionalText('country', PROFILE_LIMITS.text),
    occupation: optionalText('occupation', PROFILE_LIMITS.text),
    organization: optionalText('organization', PROFILE_LIMITS.text),
    clinic: optionalText('clinic', PROFILE_LIMITS.text),
    emergency_contact_name: optionalText('emergency_contact_name', PROFILE_LIMITS.text),
    emergency_contact_relation: optionalText('emergency_contact_relation', PROFILE_LIMITS.text),
    emergency_contact_number: phone(),
    appointment_duration: v.pipe(v.string(), v.regex(DURATION_PATTERN, PROFILE_MESSAGES.duration)),
    health_goals: optionalText('health_goals', PROFILE_LIMITS.health_goals),
    client_story: optionalText('client_story', PROFILE_LIMITS.client_story),
    abha_number: digits(ABHA_PATTERN, PROFILE_MESSAGES.abha),
    aadhar_number: digits(AADHAAR_PATTERN, PROFILE_MESSAGES.aadhaar),
  };
}

const HistoryAnswerSchema = v.pipe(
  v.string(),
  v.maxLength(PROFILE_LIMITS.historyAnswer, `An answer can be at most ${PROFILE_LIMITS.historyAnswer} characters`),
);

/** Form errors keyed by the form's paths ('phone_number', 'family_history.2.key'). */
export type ProfileFormErrors = Record<string, string>;

function parseHistory(
  field: HistoryField,
  entries: readonly HistoryEntry[],
  original: HistoryObject,
  errors: ProfileFormErrors,
): HistoryObject | undefined {
  const before = Object.keys(errors).length;
  if (entries.length > PROFILE_LIMITS.historyAnswers) errors[field] = PROFILE_MESSAGES.historyTooMany;
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const topic = entry.key.trim();
    if (topic === '') errors[`${field}.${index}.key`] = PROFILE_MESSAGES.historyTopic;
    else if (seen.has(topic)) errors[`${field}.${index}.key`] = PROFILE_MESSAGES.historyDuplicate;
    seen.add(topic);
    const answer = v.safeParse(HistoryAnswerSchema, entry.value);
    if (!answer.success) errors[`${field}.${index}.value`] = answer.issues[0].message;
  });
  return Object.keys(errors).length === before ? historyFromEntries(entries, original) : undefined;
}

export type ProfileFormParse = { success: true; output: ParsedProfile } | { success: false; errors: ProfileFormErrors };

export interface ParseOptions {
  /** The profile as it was when editing started (keeps the types of unchanged history answers). */
  base: Profile;
  /** The profile fields the person may change; the others are neither checked nor sent. */
  fields: ReadonlySet<ProfileField>;
  /** The roles the person may give; empty when the role is not theirs to change. */
  roleChoices: readonly Role[];
  /** Today, YYYY-MM-DD; a date of birth may not be later. */
  today?: string;
}

function parseField<K extends NonHistoryField>(
  schemas: FieldSchemas,
  field: K,
  values: ProfileFormValues,
  output: ParsedProfile,
  errors: ProfileFormErrors,
): void {
  const schema: v.GenericSchema<ProfileFormValues[K], Required<ProfilePatch>[K]> = schemas[field];
  const result = v.safeParse(schema, values[field]);
  if (result.success) output[field] = result.output;
  else errors[field] = result.issues[0].message;
}

/** The values of the fields the person may change, in the contract's form, or one message per field at fault. */
export function parseProfileForm(values: ProfileFormValues, options: ParseOptions): ProfileFormParse {
  const { base, fields, roleChoices, today = todayIso() } = options;
  const schemas = profileFieldSchemas(today);
  const output: ParsedProfile = {};
  const errors: ProfileFormErrors = {};
  for (const field of fields) {
    if (isHistoryField(field)) {
      const history = parseHistory(field, values[field], base[field], errors);
      if (history) output[field] = history;
    } else {
      parseField(schemas, field, values, output, errors);
    }
  }
  if (roleChoices.length > 0 && values.role !== (base.role ?? '')) {
    // A role left as it was is never sent; a new one must be one the person may give.
    if (isRole(values.role) && roleChoices.includes(values.role)) output.role = values.role;
    else errors.role = PROFILE_MESSAGES.role;
  }
  return Object.keys(errors).length === 0 ? { success: true, output } : { success: false, errors };
}
