import type { ErrorComponentProps } from '@tanstack/react-router';
import { PageNotice } from '@/components/PageNotice';
import { isOfflineError } from '@/lib/query/offline';
import { OfflineRouteNotice } from '@/pwa/OfflineRouteNotice';

/** Fallback for a route that failed to load; screens with their own messages replace it. */
export function RouteError({ error }: ErrorComponentProps) {
  if (isOfflineError(error)) return <OfflineRouteNotice />;
  return (
    <PageNotice kind="error" title="Something went wrong">
      {error instanceof Error && error.message ? error.message : 'An unknown error occurred'}
    </PageNotice>
  );
}
