import { useSuspenseQuery } from '@tanstack/react-query';
import { profileOf, type ShownProfile } from '@/features/people';
import { userDetailQueryOptions } from '@/features/people';

/** A client's profile (GET users/users/{id}), already in the cache from the route's loader. */
export function useClientProfile(clientId: string): ShownProfile {
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  return profileOf(data);
}
