import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { userKeys } from '@/features/users';
import type { ProfilePatch } from '../model/fields';
import type { Profile } from '../model/profile';
import type { UserDetail } from '@/features/users';

/** Query keys of the profiles feature; a save touches only the keys of the profile it changed. */
export const profileKeys = {
  all: ['profiles'] as const,
  details: () => [...profileKeys.all, 'detail'] as const,
  detail: (id: string) => [...profileKeys.details(), id] as const,
};

/**
 * `GET users/user-profiles/{id}`: one profile as the server holds it now.
 * Read after a conflict, to show the current values; never stale.
 */
export function profileQueryOptions(id: string) {
  return queryOptions({
    queryKey: profileKeys.detail(id),
    queryFn: async ({ signal }) =>
      dataOf(await api().GET('/users/user-profiles/{id}', { params: { path: { id } }, signal })),
    staleTime: 0,
  });
}

/** The strong ETag the server gives a profile version (server/profiles/profile-store.ts `etagOf`). */
export function etagOfVersion(version: number): string {
  return `"${version}"`;
}

/** Fields the user list shows: changing one makes the cached lists out of date. */
const LISTED_FIELDS: readonly (keyof ProfilePatch)[] = ['first_name', 'last_name', 'role', 'phone_number', 'clinic'];

/**
 * Puts a profile the server answered with into the cache: its own key and the
 * user detail that embeds it (what every profile screen reads, and what is
 * kept for offline use). User lists are marked stale only when a field they
 * show changed; they refetch when next shown.
 */
export function storeProfile(queryClient: QueryClient, profile: Profile, changed: readonly string[] = []): void {
  queryClient.setQueryData(profileKeys.detail(profile.client_id), profile);
  queryClient.setQueryData<UserDetail>(userKeys.detail(profile.client_id), (detail) =>
    detail ? { ...detail, Profile: profile } : detail,
  );
  if (changed.some((field) => (LISTED_FIELDS as readonly string[]).includes(field))) {
    void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  }
}

/** Reads the profile as it is now (after a conflict) and puts it into the cache. */
export async function refreshProfile(queryClient: QueryClient, id: string): Promise<Profile> {
  const profile = await queryClient.query(profileQueryOptions(id));
  storeProfile(queryClient, profile);
  return profile;
}

export interface ProfileSave {
  changes: ProfilePatch;
  /** The version the person started editing from: the server refuses the save (412) if the profile moved on. */
  version: number;
}

/** `PATCH users/user-profiles/{id}` with only the changed fields and If-Match on the edited version. */
export function useSaveProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ changes, version }: ProfileSave) =>
      dataOf(
        await api().PATCH('/users/user-profiles/{id}', {
          params: { path: { id: userId }, header: { 'If-Match': etagOfVersion(version) } },
          body: changes,
        }),
      ),
    // Offline, a paused mutation would wait silently; the editor checks the connection first and
    // a save that still meets no network fails at once, so the person is told and keeps their work.
    networkMode: 'always',
    onSuccess: (profile, { changes }) => storeProfile(queryClient, profile, Object.keys(changes)),
  });
}
