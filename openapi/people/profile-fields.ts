/**
 * The profile's fields (spec section 3), each described once: what it is
 * called, where it shows, how it is entered, its limits (those of
 * clinic.yaml's ProfilePatch), and whether a person may change it on their own
 * profile. The forms, the read-only view, the form's checks and the server's
 * writable-field lists are all derived from this table.
 */
import type { ProfilePatch } from '../schema.gen.ts';

/** Consent is given through the HIPAA modal (or recorded by the clinic in writing), never as a profile field. */
export type ConsentField = 'hipaa_consent' | 'hipaa_consent_date' | 'hipaa_consent_version';

/** The profile fields people edit: every field of the PATCH body but consent and role (role has its own control). */
export type ProfileField = Exclude<keyof ProfilePatch, ConsentField | 'role'>;

export type ProfileSectionId = 'personal' | 'contact' | 'emergency' | 'work' | 'care' | 'health' | 'ids';

/** How a field is entered; each kind has one input and one check in the app. */
export type ProfileInputKind =
  /** One line of text; `max` characters. */
  | 'text'
  /** Free text over several lines; `max` characters. */
  | 'long-text'
  /** A phone number, E.164 once normalised. */
  | 'phone'
  | 'email'
  /** A date (YYYY-MM-DD) not later than today. */
  | 'past-date'
  /** An https:// address. */
  | 'url'
  | 'gender'
  | 'contact-method'
  /** HH:MM:SS, chosen from the usual appointment lengths. */
  | 'duration'
  /** A number written in digits only, exactly `digits` long. */
  | 'digits'
  /** How the person lives, topic by topic (clinic.yaml's LifestyleHistory; openapi/people/health-history.ts). */
  | 'lifestyle'
  /** Conditions per relative (clinic.yaml's FamilyHistory; openapi/people/health-history.ts). */
  | 'family';

export interface ProfileFieldSpec {
  label: string;
  section: ProfileSectionId;
  input: ProfileInputKind;
  /** Most characters (text kinds; for a history, of its notes). */
  max?: number;
  /** Exactly this many digits (the `digits` kind). */
  digits?: number;
  /** A value is required (never cleared). */
  required?: true;
  /** A person may change it on their own profile (contact, emergency contact, their own health journey). */
  selfService?: true;
  /** A short hint under the input. */
  hint?: string;
  /** The browser's autofill for it, offered on a person's own profile only. */
  autoComplete?: string;
}

/** NullableText in the contract. */
const SHORT_TEXT = 200;
/** The notes of LifestyleHistory and FamilyHistory in the contract (their answers: openapi/people/health-history.ts). */
const HISTORY_NOTES = 4000;

/** Every field, in the order it shows within its section. */
export const PROFILE_FIELDS = {
  title: { label: 'Title', section: 'personal', input: 'text', max: 50 },
  first_name: { label: 'First name', section: 'personal', input: 'text', max: 100, required: true },
  last_name: { label: 'Last name', section: 'personal', input: 'text', max: 100, required: true },
  gender: { label: 'Gender', section: 'personal', input: 'gender' },
  date_of_birth: { label: 'Date of birth', section: 'personal', input: 'past-date' },
  profile_picture: {
    label: 'Photo address (URL)',
    section: 'personal',
    input: 'url',
    max: 2000,
    hint: 'A https:// address of the photo.',
  },
  phone_number: { label: 'Phone', section: 'contact', input: 'phone', selfService: true, autoComplete: 'tel' },
  alternate_phone: { label: 'Alternate phone', section: 'contact', input: 'phone', selfService: true },
  alternate_email: {
    label: 'Alternate email',
    section: 'contact',
    input: 'email',
    max: 254,
    selfService: true,
    autoComplete: 'email',
  },
  preferred_contact_method: {
    label: 'Preferred contact method',
    section: 'contact',
    input: 'contact-method',
    selfService: true,
  },
  address_line_1: {
    label: 'Address line 1',
    section: 'contact',
    input: 'text',
    max: SHORT_TEXT,
    selfService: true,
    autoComplete: 'address-line1',
  },
  address_line_2: {
    label: 'Address line 2',
    section: 'contact',
    input: 'text',
    max: SHORT_TEXT,
    selfService: true,
    autoComplete: 'address-line2',
  },
  city: {
    label: 'City',
    section: 'contact',
    input: 'text',
    max: SHORT_TEXT,
    selfService: true,
    autoComplete: 'address-level2',
  },
  state: {
    label: 'State or province',
    section: 'contact',
    input: 'text',
    max: SHORT_TEXT,
    selfService: true,
    autoComplete: 'address-level1',
  },
  zipcode: {
    label: 'Postal code',
    section: 'contact',
    input: 'text',
    max: 20,
    selfService: true,
    autoComplete: 'postal-code',
  },
  country: {
    label: 'Country',
    section: 'contact',
    input: 'text',
    max: SHORT_TEXT,
    selfService: true,
    autoComplete: 'country-name',
  },
  emergency_contact_name: {
    label: 'Emergency contact name',
    section: 'emergency',
    input: 'text',
    max: SHORT_TEXT,
    selfService: true,
  },
  emergency_contact_relation: {
    label: 'Emergency contact relationship',
    section: 'emergency',
    input: 'text',
    max: SHORT_TEXT,
    selfService: true,
  },
  emergency_contact_number: {
    label: 'Emergency contact phone',
    section: 'emergency',
    input: 'phone',
    selfService: true,
  },
  occupation: { label: 'Occupation', section: 'work', input: 'text', max: SHORT_TEXT },
  organization: { label: 'Organization', section: 'work', input: 'text', max: SHORT_TEXT },
  clinic: { label: 'Clinic', section: 'work', input: 'text', max: SHORT_TEXT },
  appointment_duration: {
    label: 'Appointment duration',
    section: 'care',
    input: 'duration',
    hint: "How long this person's appointments are booked for.",
  },
  health_goals: { label: 'Health goals', section: 'health', input: 'long-text', max: 4000, selfService: true },
  client_story: { label: 'Story', section: 'health', input: 'long-text', max: 10000, selfService: true },
  lifestyle_history: {
    label: 'Lifestyle history',
    section: 'health',
    input: 'lifestyle',
    max: HISTORY_NOTES,
    selfService: true,
    hint: 'Sleep, activity, diet, alcohol, tobacco, stress and diabetes; any topic may be left open.',
  },
  family_history: {
    label: 'Family history',
    section: 'health',
    input: 'family',
    max: HISTORY_NOTES,
    selfService: true,
    hint: 'Conditions of parents, brothers and sisters, children and other relatives.',
  },
  abha_number: { label: 'ABHA number', section: 'ids', input: 'digits', digits: 14, hint: '14 digits.' },
  aadhar_number: { label: 'Aadhaar number', section: 'ids', input: 'digits', digits: 12, hint: '12 digits.' },
} as const satisfies Record<ProfileField, ProfileFieldSpec>;

/** The sections, in the order they show. */
export const PROFILE_SECTIONS: readonly { id: ProfileSectionId; title: string; description?: string }[] = [
  { id: 'personal', title: 'Personal details' },
  { id: 'contact', title: 'Contact details' },
  {
    id: 'emergency',
    title: 'Emergency contact',
    description: 'Who the clinic calls if something happens during a visit.',
  },
  { id: 'work', title: 'Work and clinic' },
  { id: 'care', title: 'Care' },
  {
    id: 'health',
    title: 'Health journey',
    description: 'Goals, story and histories, in the words of the person and their care team.',
  },
  {
    id: 'ids',
    title: 'Health and identity numbers',
    description: 'India’s ABHA (14 digits) and Aadhaar (12 digits) numbers.',
  },
];

/** Every field, in table order. */
export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELDS) as ProfileField[];

export function fieldSpec(field: ProfileField): ProfileFieldSpec {
  return PROFILE_FIELDS[field];
}

/** The fields of one section, in order. */
export function fieldsOfSection(section: ProfileSectionId): ProfileField[] {
  return PROFILE_FIELD_NAMES.filter((field) => PROFILE_FIELDS[field].section === section);
}

/** What anyone may change on their own profile. */
export const SELF_SERVICE_FIELDS: readonly ProfileField[] = PROFILE_FIELD_NAMES.filter(
  (field) => fieldSpec(field).selfService === true,
);
