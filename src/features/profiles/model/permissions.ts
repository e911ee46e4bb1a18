import { profileWriteRights, type Profile, type ProfileWriteRights } from '@contract';
import type { SignedInUser } from '@/lib/auth/guards';

/**
 * Which profile fields a person may change, and which roles they may give:
 * read from the contract's access table, the same one the server enforces,
 * so the form offers only what the server would accept.
 */
export type ProfileEditRights = ProfileWriteRights;

/** What the signed-in person may change on `profile` (whose role is null while the clinic has given none). */
export function profileEditRights(
  viewer: Pick<SignedInUser, 'username' | 'role'>,
  profile: Pick<Profile, 'client_id' | 'role'>,
): ProfileEditRights {
  return profileWriteRights(
    { id: viewer.username.toLowerCase(), role: viewer.role },
    { id: profile.client_id.toLowerCase(), role: profile.role ?? 'NO_ROLE' },
  );
}

export function mayEditAnything(rights: ProfileEditRights): boolean {
  return rights.fields.size > 0 || rights.roleChoices.length > 0;
}
