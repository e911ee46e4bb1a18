import type { QueryClient } from '@tanstack/react-query';
import { userListScope } from '@/lib/auth/route-access';
import type { Role } from '@/lib/auth/roles';
import { CLIENTS_ONLY, EVERYONE, userListQueryOptions } from './queries';

/**
 * Spec section 6: the user list is prefetched only for non-client users, and
 * only the part the API lets the role see (staff the clients, ADMIN and
 * SUPER_ADMIN everyone). A client session never asks for it.
 */
export function prefetchUserList(queryClient: QueryClient, role: Role): void {
  const scope = userListScope(role);
  if (scope === 'none') return;
  // A failed prefetch costs nothing: the screen that needs the list asks again and shows its own error.
  queryClient.query(userListQueryOptions(scope === 'clients' ? CLIENTS_ONLY : EVERYONE)).catch(() => undefined);
}
