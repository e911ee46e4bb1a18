import { fullName, userKeys } from '@/features/people';
import { outbox, type OutboxItem } from '@/lib/outbox';
import { FIELD_LABELS, type EditableField, type ProfilePatch } from '../model/fields';
import type { Profile } from '../model/profile';

/** The outbox's name for a profile: its unsent changes are sent in order, one profile at a time. */
export function profileRecord(userId: string): string {
  return `profile:${userId.toLowerCase()}`;
}

/** Fields the user list shows: changing one makes the cached lists out of date. */
const LISTED_FIELDS: readonly (keyof ProfilePatch)[] = ['first_name', 'last_name', 'role', 'phone_number', 'clinic'];

export interface ProfileChange {
  /** The profile as the person saw it when they edited: the server's version, with their own unsent changes. */
  profile: Profile;
  changes: ProfilePatch;
  /** The screen the person edited on, to open it again from the list of unsent changes. */
  link: string;
}

/**
 * Hands a profile change to the outbox: `PATCH users/user-profiles/{id}` with
 * only the changed fields, made from the version the person saw (If-Match).
 * It shows at once, is kept on this device until the server has it, and is
 * sent when the network allows; a change that meets someone else's is shown
 * to the person field by field.
 */
export function saveProfileChange({ profile, changes, link }: ProfileChange): Promise<OutboxItem> {
  const fields = Object.keys(changes) as EditableField[];
  const listed = fields.some((field) => (LISTED_FIELDS as readonly string[]).includes(field));
  return outbox().enqueue({
    record: profileRecord(profile.client_id),
    request: {
      method: 'patch',
      path: '/users/user-profiles/{id}',
      pathParams: { id: profile.client_id },
      body: changes,
    },
    version: profile.version,
    base: Object.fromEntries(fields.map((field) => [field, profile[field]])),
    label: `Profile of ${fullName(profile) || profile.email}`,
    fieldLabels: Object.fromEntries(fields.map((field) => [field, FIELD_LABELS[field]])),
    link,
    refresh: [userKeys.detail(profile.client_id), ...(listed ? [userKeys.lists()] : [])],
  });
}
