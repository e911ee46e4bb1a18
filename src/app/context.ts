import type { QueryClient } from '@tanstack/react-query';
import type { SessionSource } from '@/lib/auth/session';

/** What every route's beforeLoad and loader receive (typed through createRootRouteWithContext). */
export interface RouterContext {
  /** The session store; guards read its snapshot at the moment they run. */
  auth: SessionSource;
  queryClient: QueryClient;
}
