import { PROFILE_FIELD_NAMES, type ProfileInputKind } from '@contract';
import type { Role } from '@/lib/auth/roles';
import type { FamilyMember } from '@contract';
import type {
  ContactMethod,
  EditableField,
  FamilyHistory,
  KindOf,
  LifestyleHistory,
  ProfileField,
  ProfilePatch,
} from './fields';
import type { Profile } from './profile';

/** A relative as the form holds it: who it is may not be chosen yet. */
export type FamilyMemberDraft = Omit<FamilyMember, 'relative'> & { relative: FamilyMember['relative'] | '' };

/** A family history as the form holds it. */
export type FamilyHistoryDraft = Omit<FamilyHistory, 'relatives'> & { relatives?: FamilyMemberDraft[] };

/** What the form holds for a field of each kind: histories as objects, choices as chosen, the rest as typed. */
type FormValueOf<K extends ProfileInputKind> = K extends 'lifestyle'
  ? LifestyleHistory
  : K extends 'family'
    ? FamilyHistoryDraft
    : K extends 'gender'
      ? '' | NonNullable<Profile['gender']>
      : K extends 'contact-method'
        ? ContactMethod
        : string;

/** What the form holds, for every field of the contract's table ('' for empty), and the role. */
export type ProfileFormValues = { [F in ProfileField]: FormValueOf<KindOf<F>> } & {
  /** '' for an account without a role (only SUPER_ADMIN and ADMIN see this control). */
  role: Role | '';
};

/** The form's starting values for a profile: each field of the table by its kind. */
export function formValuesOf(profile: Profile): ProfileFormValues {
  const values: Partial<Record<EditableField, unknown>> = { role: profile.role ?? '' };
  for (const field of PROFILE_FIELD_NAMES) {
    values[field] = profile[field] ?? '';
  }
  // Built field by field from the table above: each value is of its field's kind.
  return values as ProfileFormValues;
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
