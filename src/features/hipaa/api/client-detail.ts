import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { UserDetail } from '@/features/people';
import { userDetailQueryOptions } from '@/features/people';
import { hasConsented } from '../model/consent';

// Kept apart from the consent mutation: the portal's loader runs before any
// screen, so nothing here may pull the toast machinery into the first load.
/**
 * The client's own user detail, for the portal's loader. A copy on this device
 * that says "not consented" is checked with the server first: consent given a
 * moment ago (in a page reloaded before its saved cache caught up, in another
 * tab, or recorded by the clinic) must not bring the authorization back.
 * Offline, or if the check fails, the copy on the device is what there is.
 */
export async function loadClientDetail(queryClient: QueryClient, clientId: string): Promise<UserDetail> {
  const options = userDetailQueryOptions(clientId);
  const cached = queryClient.getQueryData(options.queryKey);
  if (cached === undefined || hasConsented(cached) || !onlineManager.isOnline()) {
    return queryClient.query({ ...options, staleTime: 'static' });
  }
  try {
    return await queryClient.query({ ...options, staleTime: 0, retry: false });
  } catch {
    return cached;
  }
}
