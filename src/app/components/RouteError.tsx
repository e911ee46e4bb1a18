import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PageNotice } from '@/components/PageNotice';
import { isOfflineError, isScreenCodeMissing } from '@/lib/query/offline';
import { whenBackOnline } from '@/pwa/connection';
import { OfflineRouteNotice } from '@/pwa/OfflineRouteNotice';

/** Fallback for a route that failed to load; screens with their own messages replace it. */
export function RouteError({ error }: ErrorComponentProps) {
  if (isOfflineError(error)) return <OfflineRouteNotice />;
  if (isScreenCodeMissing(error)) return <ScreenNotOnDevice />;
  return (
    <PageNotice kind="error" title="Something went wrong">
      {error instanceof Error && error.message ? error.message : 'An unknown error occurred'}
    </PageNotice>
  );
}

/**
 * A screen whose code is not on this device yet, opened offline: said calmly, in place of the screen only (the
 * rest of the app, and anything typed on other screens, stays as it was; nothing reloads). It opens by itself
 * when the connection returns.
 */
function ScreenNotOnDevice() {
  const router = useRouter();
  useEffect(() => whenBackOnline(() => void router.invalidate()), [router]);
  return (
    <PageNotice kind="offline" title="This screen is not on this device yet">
      This device was not ready to work offline when the connection dropped, and this screen had not been opened here.
      It opens by itself when the connection returns. Nothing you typed is lost.
    </PageNotice>
  );
}
