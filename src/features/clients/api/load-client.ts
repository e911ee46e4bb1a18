import type { QueryClient } from '@tanstack/react-query';
import { userDetailQueryOptions, type UserDetail } from '@/features/people';

/**
 * A client's user detail for a route's loader: what this device holds if it
 * holds any (the screen refreshes it in the background when stale), else
 * from the API.
 */
export function loadClient(queryClient: QueryClient, clientId: string): Promise<UserDetail> {
  return queryClient.query({ ...userDetailQueryOptions(clientId), staleTime: 'static' });
}
