import type { Role } from '@/lib/auth/roles';
import {
  historyValueText,
  type ContactMethod,
  type EditableField,
  type HistoryObject,
  type ProfilePatch,
} from './fields';
import type { Profile } from './profile';

/** One answer of a history: what it is about, and the answer, both as typed. */
export interface HistoryEntry {
  /** Keeps each row's inputs attached to it when rows above are removed. */
  id: string;
  key: string;
  value: string;
}

/** What the form holds: text as typed ('' for empty), histories as rows. */
export interface ProfileFormValues {
  title: string;
  first_name: string;
  last_name: string;
  gender: '' | 'M' | 'F';
  date_of_birth: string;
  profile_picture: string;
  phone_number: string;
  alternate_phone: string;
  alternate_email: string;
  preferred_contact_method: ContactMethod;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  occupation: string;
  organization: string;
  clinic: string;
  emergency_contact_name: string;
  emergency_contact_relation: string;
  emergency_contact_number: string;
  appointment_duration: string;
  health_goals: string;
  client_story: string;
  lifestyle_history: HistoryEntry[];
  family_history: HistoryEntry[];
  abha_number: string;
  aadhar_number: string;
  /** '' for an account without a role (only SUPER_ADMIN and ADMIN see this control). */
  role: Role | '';
}

let rowCount = 0;

/** A fresh id for a history row (unique within the page, which is all React's keys need). */
export function newHistoryRowId(): string {
  rowCount += 1;
  return `history-row-${rowCount}`;
}

export function historyEntriesOf(history: HistoryObject): HistoryEntry[] {
  return Object.entries(history).map(([key, value]) => ({
    id: newHistoryRowId(),
    key,
    value: historyValueText(value),
  }));
}

/** The form's starting values for a profile. */
export function formValuesOf(profile: Profile): ProfileFormValues {
  return {
    title: profile.title ?? '',
    first_name: profile.first_name,
    last_name: profile.last_name,
    gender: profile.gender ?? '',
    date_of_birth: profile.date_of_birth ?? '',
    profile_picture: profile.profile_picture ?? '',
    phone_number: profile.phone_number ?? '',
    alternate_phone: profile.alternate_phone ?? '',
    alternate_email: profile.alternate_email ?? '',
    preferred_contact_method: profile.preferred_contact_method,
    address_line_1: profile.address_line_1 ?? '',
    address_line_2: profile.address_line_2 ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    zipcode: profile.zipcode ?? '',
    country: profile.country ?? '',
    occupation: profile.occupation ?? '',
    organization: profile.organization ?? '',
    clinic: profile.clinic ?? '',
    emergency_contact_name: profile.emergency_contact_name ?? '',
    emergency_contact_relation: profile.emergency_contact_relation ?? '',
    emergency_contact_number: profile.emergency_contact_number ?? '',
    appointment_duration: profile.appointment_duration,
    health_goals: profile.health_goals ?? '',
    client_story: profile.client_story ?? '',
    lifestyle_history: historyEntriesOf(profile.lifestyle_history),
    family_history: historyEntriesOf(profile.family_history),
    abha_number: profile.abha_number ?? '',
    aadhar_number: profile.aadhar_number ?? '',
    role: profile.role ?? '',
  };
}

/** The values of the PATCH body's fields, as the contract spells them. */
export type ParsedProfile = Partial<Pick<Required<ProfilePatch>, EditableField>>;

/** JSON with object keys sorted, so two histories with the same answers compare equal whatever their order. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}

export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a ?? null) === canonical(b ?? null);
}

/**
 * The PATCH body: only the fields whose new value differs from the profile
 * as it was when editing started. Unchanged fields are never sent, so an
 * edit cannot undo what someone else changed in another field meanwhile,
 * and a person is never refused for a field they did not touch.
 */
export function changedFields(base: Profile, next: ParsedProfile): ParsedProfile {
  const patch: ParsedProfile = {};
  for (const field of Object.keys(next) as EditableField[]) {
    if (next[field] !== undefined && !sameValue(base[field], next[field])) copyField(patch, next, field);
  }
  return patch;
}

function copyField<K extends EditableField>(to: ParsedProfile, from: ParsedProfile, field: K): void {
  to[field] = from[field];
}

/** A history object as rows, keeping the original answers' types for rows whose text was not changed. */
export function historyFromEntries(entries: readonly HistoryEntry[], original: HistoryObject): HistoryObject {
  const out: HistoryObject = {};
  for (const entry of entries) {
    const key = entry.key.trim();
    const before = Object.hasOwn(original, key) ? original[key] : undefined;
    out[key] = before !== undefined && historyValueText(before) === entry.value ? before : entry.value;
  }
  return out;
}

/** Only the given fields of `changes`. */
export function pickChanges(changes: ParsedProfile, fields: readonly EditableField[]): ParsedProfile {
  const picked: ParsedProfile = {};
  for (const field of fields) if (changes[field] !== undefined) copyField(picked, changes, field);
  return picked;
}

/** Only the given fields of the form's values. */
export function pickFormValues(
  values: ProfileFormValues,
  fields: readonly EditableField[],
): Partial<ProfileFormValues> {
  const picked: Partial<ProfileFormValues> = {};
  for (const field of fields) copyFormValue(picked, values, field);
  return picked;
}

function copyFormValue<K extends keyof ProfileFormValues>(
  to: Partial<ProfileFormValues>,
  from: ProfileFormValues,
  field: K,
): void {
  to[field] = from[field];
}
