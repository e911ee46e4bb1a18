import {
  PROFILE_FIELD_NAMES,
  PROFILE_FIELDS,
  PROFILE_SECTIONS as SECTIONS,
  fieldSpec,
  fieldsOfSection,
  type ContactMethod,
  type FamilyHistory,
  type LifestyleHistory,
  type ProfileField,
  type ProfileFieldSpec,
  type ProfileInputKind,
  type ProfilePatch,
} from '@contract';
import { counted } from '@/lib/intl';

export type { ContactMethod, FamilyHistory, LifestyleHistory, ProfileField, ProfileFieldSpec, ProfilePatch };
export { fieldSpec };

/** What a person may be allowed to change: the profile fields, and the role. */
export type EditableField = ProfileField | 'role';

/** How a field is entered, from the contract's field table. */
export type KindOf<F extends ProfileField> = (typeof PROFILE_FIELDS)[F]['input'];

/** Long free text and histories are given a whole row, in the form and in the read-only view. */
const LONG_KINDS: ReadonlySet<ProfileInputKind> = new Set(['long-text', 'lifestyle', 'family']);

export function isLongField(field: EditableField): boolean {
  return field !== 'role' && LONG_KINDS.has(fieldSpec(field).input);
}

/** What each field is called on screen (labels, conflict lists, server messages), from the contract's field table. */
export const FIELD_LABELS: Readonly<Record<EditableField, string>> = {
  ...(Object.fromEntries(PROFILE_FIELD_NAMES.map((field) => [field, PROFILE_FIELDS[field].label])) as Record<
    ProfileField,
    string
  >),
  role: 'Role',
};

export interface ProfileSection {
  id: string;
  title: string;
  /** One line under the title: what the section is for. */
  description?: string;
  fields: readonly ProfileField[];
}

/** The form's sections, in the order they show, with their fields (the contract's field table). */
export const PROFILE_SECTIONS: readonly ProfileSection[] = SECTIONS.map((section) => ({
  ...section,
  fields: fieldsOfSection(section.id),
}));

/**
 * The sections and fields a profile answer holds. The API answers with only
 * the fields the viewer's role may read (minimum necessary, openapi/access/rules.ts);
 * what it left out is not shown at all, rather than as "Not given".
 */
export function sectionsShown(profile: object): ProfileSection[] {
  return PROFILE_SECTIONS.map((section) => ({
    ...section,
    fields: section.fields.filter((field) => Object.hasOwn(profile, field)),
  })).filter((section) => section.fields.length > 0);
}

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
    hours > 0 ? counted(hours, 'hour', 'hours') : '',
    minutes > 0 ? counted(minutes, 'minute', 'minutes') : '',
    seconds > 0 ? counted(seconds, 'second', 'seconds') : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'None';
}
