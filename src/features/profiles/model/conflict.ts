import { isRole, roleLabel } from '@/lib/auth/roles';
import { contactMethodValues, type ContactMethod } from '@contract';
import {
  CONTACT_METHOD_LABELS,
  FIELD_LABELS,
  durationLabel,
  fieldSpec,
  historyValueText,
  type EditableField,
  type HistoryObject,
} from './fields';
import { changedFields, type ParsedProfile } from './form-values';
import { genderLabel, type Profile } from './profile';

/** What an empty value reads as in a comparison. */
export const EMPTY_VALUE = '(empty)';

function isContactMethod(value: string): value is ContactMethod {
  return (contactMethodValues as readonly string[]).includes(value);
}

/** A field's value as a person reads it ('Male', '30 minutes', 'Diet: vegetarian; Sleep: 7 h'), by its kind. */
export function describeValue(field: EditableField, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const kind = field === 'role' ? 'role' : fieldSpec(field).input;
  if (kind === 'history') {
    const answers = Object.entries(value as HistoryObject).map(
      ([topic, answer]) => `${topic}: ${historyValueText(answer) || EMPTY_VALUE}`,
    );
    return answers.length > 0 ? answers.join('; ') : EMPTY_VALUE;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return JSON.stringify(value) ?? '';
  switch (kind) {
    case 'role':
      return isRole(value) ? roleLabel(value) : value;
    case 'gender':
      return value === 'M' || value === 'F' ? genderLabel(value) : value;
    case 'contact-method':
      return isContactMethod(value) ? CONTACT_METHOD_LABELS[value] : value;
    case 'duration':
      return durationLabel(value);
    case 'text':
    case 'long-text':
    case 'phone':
    case 'email':
    case 'past-date':
    case 'url':
    case 'digits':
      return value;
  }
}

/** One of a person's changes that the saved profile does not hold. */
export interface UnsavedChange {
  field: EditableField;
  label: string;
  /** What the profile holds now, as read. */
  current: string;
  /** What the person had typed, as read. */
  mine: string;
}

/**
 * After a conflict: the person's changes that differ from the profile as it
 * is now. A change the other person happened to make too is not listed; it
 * is already there.
 */
export function unsavedChanges(mine: ParsedProfile, current: Profile): UnsavedChange[] {
  const differing = changedFields(current, mine);
  return (Object.keys(differing) as EditableField[]).map((field) => ({
    field,
    label: FIELD_LABELS[field],
    current: describeValue(field, current[field]),
    mine: describeValue(field, differing[field]),
  }));
}

/** The profile as it is now with some of the person's changes laid over it (what the form shows after re-applying). */
export function withChanges(current: Profile, changes: ParsedProfile): Profile {
  return { ...current, ...changes };
}
