import { profileWriteRights, type ProfileWriteRights, type Role } from '@contract';

/**
 * Which profile fields a person may change, and which roles they may give:
 * read from the contract's access table, the same one the server enforces,
 * so the form offers only what the server would accept.
 */
export type ProfileEditRights = ProfileWriteRights;

export interface Person {
  id: string;
  /** null: an account the clinic has not given a role. */
  role: Role | null;
}

/** What `viewer` may change on the profile of `target`. */
export function profileEditRights(viewer: Person, target: Person): ProfileEditRights {
  return profileWriteRights(
    { id: viewer.id.toLowerCase(), role: viewer.role ?? 'NO_ROLE' },
    { id: target.id.toLowerCase(), role: target.role ?? 'NO_ROLE' },
  );
}

export function mayEditAnything(rights: ProfileEditRights): boolean {
  return rights.fields.size > 0 || rights.roleChoices.length > 0;
}
