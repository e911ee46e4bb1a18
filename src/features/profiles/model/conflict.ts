import { isRole, roleLabel } from '@/lib/auth/roles';
import { contactMethodValues, describeFamily, describeLifestyle, historyText, type ContactMethod } from '@contract';
import { CONTACT_METHOD_LABELS, durationLabel, fieldSpec, type EditableField } from './fields';
import { genderLabel } from './profile';

/** What an empty value reads as in a comparison. */
export const EMPTY_VALUE = '(empty)';

function isContactMethod(value: string): value is ContactMethod {
  return (contactMethodValues as readonly string[]).includes(value);
}

/** A field's value as a person reads it ('Male', '30 minutes', 'Sleep: 7 hours a night; Diet: Vegetarian'), by its kind. */
export function describeValue(field: EditableField, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const kind = field === 'role' ? 'role' : fieldSpec(field).input;
  if (kind === 'lifestyle' || kind === 'family') {
    const lines = kind === 'lifestyle' ? describeLifestyle(value) : describeFamily(value);
    return lines.length > 0 ? historyText(lines) : EMPTY_VALUE;
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
