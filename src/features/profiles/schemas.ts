import * as v from 'valibot';
import {
  FAMILY_MEMBER_NOTES_MAX,
  FAMILY_MEMBERS_MAX,
  HISTORY_NOTES_MAX,
  LIFESTYLE_CHOICES,
  SLEEP_HOURS,
  contactMethodValues,
  FAMILY_CONDITIONS,
  RELATIVES,
  tidyFamily,
  tidyLifestyle,
  type FamilyHistory,
  type LifestyleChoice,
  type LifestyleHistory,
} from '@contract';
import { isRole, type Role } from '@/lib/auth/roles';
import { DEFAULT_DIAL_CODE, E164_PHONE, isIsoDate, withoutPhonePunctuation } from '@/lib/validation/formats';
import { fieldSpec, type ProfileField, type ProfileFieldSpec } from './model/fields';
import type { FamilyHistoryDraft, ParsedProfile, ProfileFormValues } from './model/form-values';
import type { Profile } from './model/profile';

/**
 * The profile form's checks, derived from the contract's field table: each
 * field is checked by its input kind with the table's limits (those of
 * clinic.yaml's ProfilePatch), so what the form accepts the server accepts
 * too. Text is trimmed, and an emptied field is sent as null (cleared).
 */

/** HH:MM:SS under 24 hours, as the contract's Duration. */
const DURATION_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;

/** 'An ABHA number', 'A postal code'. */
function withArticle(label: string): string {
  return `${/^[aeiou]/i.test(label) ? 'An' : 'A'} ${label}`;
}

export const PROFILE_MESSAGES = {
  required: (label: string) => `Enter the ${label.toLowerCase()}`,
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters`,
  phone: 'Enter the number with its country code, e.g. +15555550101',
  email: 'Enter an email address like name@example.com',
  date: 'Enter a date as YYYY-MM-DD',
  future: (label: string) => `The ${label.toLowerCase()} cannot be in the future`,
  url: 'Enter a web address starting with https://',
  duration: 'Choose how long appointments last',
  contactMethod: 'Choose phone call, email or text message',
  gender: 'Choose male, female or not specified',
  digits: (label: string, digits: number) => `${withArticle(label)} has ${digits} digits`,
  role: 'Choose a role you may give',
  sleepHours: `Enter hours from ${SLEEP_HOURS.min} to ${SLEEP_HOURS.max}, in half hours`,
  choice: 'Choose one of the answers',
  notesTooLong: (max: number) => `Notes can be at most ${max} characters`,
  relative: 'Choose who this is',
  condition: 'Choose from the conditions listed',
  relativesTooMany: (max: number) => `At most ${max} relatives`,
} as const;

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
function digitsOnly(input: string): string {
  return input.replace(/[\s-]/g, '');
}

const toNull = v.transform((text: string) => (text === '' ? null : text));
const EmailSchema = v.pipe(v.string(), v.email());

/** The most characters a text field of the table takes (every text kind has a `max`). */
function maxOf(spec: ProfileFieldSpec): number {
  return spec.max ?? Number.POSITIVE_INFINITY;
}

function text(spec: ProfileFieldSpec) {
  const max = maxOf(spec);
  const tooLong = PROFILE_MESSAGES.tooLong(spec.label, max);
  if (spec.required) {
    return v.pipe(v.string(), v.trim(), v.nonEmpty(PROFILE_MESSAGES.required(spec.label)), v.maxLength(max, tooLong));
  }
  return v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong), toNull);
}

function phone() {
  return v.pipe(
    v.string(),
    v.transform(normalisePhone),
    v.check((value) => value === '' || E164_PHONE.test(value), PROFILE_MESSAGES.phone),
    toNull,
  );
}

function email(spec: ProfileFieldSpec) {
  const max = maxOf(spec);
  return v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, PROFILE_MESSAGES.tooLong(spec.label, max)),
    v.check((value) => value === '' || v.is(EmailSchema, value), PROFILE_MESSAGES.email),
    toNull,
  );
}

/** A date not later than today (read when checked, so a form left open overnight still knows the day). */
function pastDate(spec: ProfileFieldSpec, today: () => string) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => value === '' || isIsoDate(value), PROFILE_MESSAGES.date),
    v.check((value) => value === '' || value <= today(), PROFILE_MESSAGES.future(spec.label)),
    toNull,
  );
}

function webAddress(spec: ProfileFieldSpec) {
  const max = maxOf(spec);
  return v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, PROFILE_MESSAGES.tooLong(spec.label, max)),
    // The contract takes any URI; a photo is only ever fetched over the web.
    v.check((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), PROFILE_MESSAGES.url),
    toNull,
  );
}

function digits(spec: ProfileFieldSpec) {
  const count = spec.digits ?? 0;
  const pattern = new RegExp(`^[0-9]{${count}}$`);
  return v.pipe(
    v.string(),
    v.transform(digitsOnly),
    v.check((value) => value === '' || pattern.test(value), PROFILE_MESSAGES.digits(spec.label, count)),
    toNull,
  );
}

const gender = v.pipe(
  v.picklist(['', 'M', 'F'], PROFILE_MESSAGES.gender),
  v.transform((value) => (value === '' ? null : value)),
);

const contactMethod = v.picklist(contactMethodValues, PROFILE_MESSAGES.contactMethod);

const duration = v.pipe(v.string(), v.regex(DURATION_PATTERN, PROFILE_MESSAGES.duration));

/** An answer that may be left open (absent or null). */
const open = v.nullish;

const notes = (max: number) => open(v.pipe(v.string(), v.trim(), v.maxLength(max, PROFILE_MESSAGES.notesTooLong(max))));

function choiceOf<K extends LifestyleChoice>(topic: K) {
  // The table's options are the contract's choices for this topic (LIFESTYLE_CHOICES is typed against them).
  const values = LIFESTYLE_CHOICES[topic].options.map((option) => option.value) as Extract<
    LifestyleHistory[K],
    string
  >[];
  return open(v.picklist(values, PROFILE_MESSAGES.choice));
}

/**
 * A lifestyle history (clinic.yaml's LifestyleHistory): every topic may be
 * left open; sleep in half hours; notes within the contract's limit. What is
 * left open is left out, so an untouched history compares equal to `{}`.
 */
export const LifestyleSchema: v.GenericSchema<LifestyleHistory, LifestyleHistory> = v.pipe(
  v.object({
    sleep_hours: open(
      v.pipe(
        v.number(PROFILE_MESSAGES.sleepHours),
        v.minValue(SLEEP_HOURS.min, PROFILE_MESSAGES.sleepHours),
        v.maxValue(SLEEP_HOURS.max, PROFILE_MESSAGES.sleepHours),
        // Whole steps of SLEEP_HOURS.step (half hours).
        v.check((hours) => Number.isInteger(hours / SLEEP_HOURS.step), PROFILE_MESSAGES.sleepHours),
      ),
    ),
    sleep_quality: choiceOf('sleep_quality'),
    activity: choiceOf('activity'),
    diet: choiceOf('diet'),
    alcohol: choiceOf('alcohol'),
    tobacco: choiceOf('tobacco'),
    stress: choiceOf('stress'),
    diabetes: choiceOf('diabetes'),
    notes: notes(HISTORY_NOTES_MAX),
  }),
  v.transform(tidyLifestyle),
);

const FamilyMemberSchema = v.object({
  relative: v.picklist(RELATIVES, PROFILE_MESSAGES.relative),
  conditions: v.array(v.picklist(FAMILY_CONDITIONS, PROFILE_MESSAGES.condition)),
  notes: notes(FAMILY_MEMBER_NOTES_MAX),
});

/** A family history (clinic.yaml's FamilyHistory): each relative named, at most 30, notes within the limits. */
export const FamilySchema: v.GenericSchema<FamilyHistoryDraft, FamilyHistory> = v.pipe(
  v.object({
    relatives: v.optional(
      v.pipe(
        v.array(FamilyMemberSchema),
        v.maxLength(FAMILY_MEMBERS_MAX, PROFILE_MESSAGES.relativesTooMany(FAMILY_MEMBERS_MAX)),
      ),
    ),
    none_known: open(v.boolean()),
    notes: notes(HISTORY_NOTES_MAX),
  }),
  v.transform(tidyFamily),
);

export interface ProfileSchemaOptions {
  /** The profile as it was when editing started (keeps the role). */
  base: Profile;
  /** The profile fields the person may change; the others are neither checked nor sent. */
  fields: ReadonlySet<ProfileField>;
  /** The roles the person may give; empty when the role is not theirs to change. */
  roleChoices: readonly Role[];
  /** Today at the clinic, YYYY-MM-DD; a date of birth may not be later. Read when checked. */
  today: () => string;
}

/** The check of one field, by its kind in the contract's table. */
function fieldSchema(field: ProfileField, options: ProfileSchemaOptions): v.GenericSchema<unknown, unknown> {
  const spec = fieldSpec(field);
  switch (spec.input) {
    case 'text':
    case 'long-text':
      return text(spec);
    case 'phone':
      return phone();
    case 'email':
      return email(spec);
    case 'past-date':
      return pastDate(spec, options.today);
    case 'url':
      return webAddress(spec);
    case 'gender':
      return gender;
    case 'contact-method':
      return contactMethod;
    case 'duration':
      return duration;
    case 'digits':
      return digits(spec);
    case 'lifestyle':
      return LifestyleSchema;
    case 'family':
      return FamilySchema;
  }
}

/**
 * A role left as it was is never sent; a new one must be one the person may
 * give. (Only present when the person may give roles.)
 */
function role(base: Profile, choices: readonly Role[]) {
  const current = base.role ?? '';
  return v.pipe(
    v.string(),
    v.check((value) => value === current || (isRole(value) && choices.includes(value)), PROFILE_MESSAGES.role),
    v.transform((value) => (value === current || !isRole(value) ? undefined : value)),
  );
}

/**
 * The profile form's schema: the form's values in, the PATCH body's values of
 * the fields the person may change out (the role only when it changed). The
 * form validates with it (schemaResolver) and submits its output.
 */
export function profileFormSchema(options: ProfileSchemaOptions): v.GenericSchema<ProfileFormValues, ParsedProfile> {
  const entries: v.ObjectEntries = {};
  for (const field of options.fields) entries[field] = fieldSchema(field, options);
  if (options.roleChoices.length > 0) entries.role = role(options.base, options.roleChoices);
  // Assembled from the table field by field, so its types are the table's: each entry takes its
  // field's form value (ProfileFormValues) and gives the contract's (ProfilePatch).
  return v.object(entries) as unknown as v.GenericSchema<ProfileFormValues, ParsedProfile>;
}
