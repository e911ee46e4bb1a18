import type { components } from '../../../lib/api';
import type { Profile } from './profile';

export type ProfilePatch = components['schemas']['ProfilePatch'];
export type HistoryObject = components['schemas']['HistoryObject'];
export type ContactMethod = components['schemas']['ContactMethod'];

/** Consent is given through the HIPAA modal (or recorded by the clinic in writing), never in the profile form. */
type ConsentField = 'hipaa_consent' | 'hipaa_consent_date' | 'hipaa_consent_version';

/** The profile fields the form edits: every field of the PATCH body but consent and role (role has its own control). */
export type ProfileField = Exclude<keyof ProfilePatch, ConsentField | 'role'>;

/** What a person may be allowed to change: the profile fields, and the role. */
export type EditableField = ProfileField | 'role';

export type HistoryField = 'lifestyle_history' | 'family_history';

export const HISTORY_FIELDS: readonly HistoryField[] = ['lifestyle_history', 'family_history'];

export function isHistoryField(field: EditableField): field is HistoryField {
  return field === 'lifestyle_history' || field === 'family_history';
}

/** What each field is called on screen (labels, conflict lists, server messages). */
export const FIELD_LABELS: Readonly<Record<EditableField, string>> = {
  title: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  gender: 'Gender',
  date_of_birth: 'Date of birth',
  profile_picture: 'Photo address (URL)',
  phone_number: 'Phone',
  alternate_phone: 'Alternate phone',
  alternate_email: 'Alternate email',
  preferred_contact_method: 'Preferred contact method',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  city: 'City',
  state: 'State or province',
  zipcode: 'Postal code',
  country: 'Country',
  occupation: 'Occupation',
  organization: 'Organization',
  clinic: 'Clinic',
  emergency_contact_name: 'Emergency contact name',
  emergency_contact_relation: 'Emergency contact relationship',
  emergency_contact_number: 'Emergency contact phone',
  appointment_duration: 'Appointment duration',
  health_goals: 'Health goals',
  client_story: 'Story',
  lifestyle_history: 'Lifestyle history',
  family_history: 'Family history',
  abha_number: 'ABHA number',
  aadhar_number: 'Aadhaar number',
  role: 'Role',
};

export interface ProfileSection {
  id: string;
  title: string;
  /** One line under the title: what the section is for. */
  description?: string;
  fields: readonly ProfileField[];
}

/** The form's sections, in the order they show; every ProfileField is in exactly one (fields.test.ts checks). */
export const PROFILE_SECTIONS: readonly ProfileSection[] = [
  {
    id: 'personal',
    title: 'Personal details',
    fields: ['title', 'first_name', 'last_name', 'gender', 'date_of_birth', 'profile_picture'],
  },
  {
    id: 'contact',
    title: 'Contact details',
    fields: [
      'phone_number',
      'alternate_phone',
      'alternate_email',
      'preferred_contact_method',
      'address_line_1',
      'address_line_2',
      'city',
      'state',
      'zipcode',
      'country',
    ],
  },
  {
    id: 'emergency',
    title: 'Emergency contact',
    description: 'Who the clinic calls if something happens during a visit.',
    fields: ['emergency_contact_name', 'emergency_contact_relation', 'emergency_contact_number'],
  },
  { id: 'work', title: 'Work and clinic', fields: ['occupation', 'organization', 'clinic'] },
  { id: 'care', title: 'Care', fields: ['appointment_duration'] },
  {
    id: 'health',
    title: 'Health journey',
    description: 'Goals, story and histories, in the words of the person and their care team.',
    fields: ['health_goals', 'client_story', 'lifestyle_history', 'family_history'],
  },
  {
    id: 'ids',
    title: 'Health and identity numbers',
    description: 'India’s ABHA (14 digits) and Aadhaar (12 digits) numbers.',
    fields: ['abha_number', 'aadhar_number'],
  },
];

export const CONTACT_METHOD_LABELS: Readonly<Record<ContactMethod, string>> = {
  phone: 'Phone call',
  email: 'Email',
  sms: 'Text message',
};

/** Appointment lengths offered in the form; a profile holding another length keeps it as an extra choice. */
export const APPOINTMENT_DURATIONS: readonly { value: string; label: string }[] = [
  { value: '00:15:00', label: '15 minutes' },
  { value: '00:30:00', label: '30 minutes' },
  { value: '00:45:00', label: '45 minutes' },
  { value: '01:00:00', label: '1 hour' },
  { value: '01:30:00', label: '1 hour 30 minutes' },
  { value: '02:00:00', label: '2 hours' },
  { value: '03:00:00', label: '3 hours' },
];

/** '01:30:00' as '1 hour 30 minutes'; anything unexpected as it is. */
export function durationLabel(duration: string): string {
  const known = APPOINTMENT_DURATIONS.find((option) => option.value === duration);
  if (known) return known.label;
  const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(duration);
  if (!match) return duration;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '',
    minutes > 0 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : '',
    seconds > 0 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'None';
}

/** A history answer as text: the form edits text, the contract also allows numbers, booleans and null. */
export function historyValueText(value: HistoryObject[string]): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Field values of a profile, by field. */
export type ProfileValues = { [K in EditableField]: K extends 'role' ? Profile['role'] : Profile[K] };
