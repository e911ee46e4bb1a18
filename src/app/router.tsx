import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { isOfflineError } from '@/lib/query/offline';
import { whenBackOnline } from '@/pwa/connection';
import { routeTree } from '@/routeTree.gen';
import type { RouterContext } from './context';
import { FullPageLoader } from './components/FullPageLoader';

const RouteErrorComponent = lazyRouteComponent(() => import('./components/RouteError'), 'RouteError');

/** Fetches the error screen ahead of need: offline on a new device it could not be fetched when needed. */
export function preloadRouteError(): void {
  void RouteErrorComponent.preload?.();
}

/** `history` is the browser's unless given (tests pass a memory history). */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Loaders read through the query cache, which decides what is stale; the
    // router should always ask it rather than keep its own copy.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageLoader,
    defaultPendingMs: 150,
    // Rarely shown, so not part of the first screen; fetched once the app is idle (see preloadRouteError) and
    // precached by the service worker, so it can say that a screen cannot load offline.
    defaultErrorComponent: RouteErrorComponent,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * A screen opened offline with nothing saved shows that it is offline
 * (OfflineError, from the query client); when the network returns it loads
 * again by itself, with no one having to press anything. Returns the unsubscribe.
 */
export function reloadOfflineScreensWhenOnline(router: Pick<AppRouter, 'state' | 'invalidate'>): () => void {
  return whenBackOnline(() => {
    if (router.state.matches.some((match) => isOfflineError(match.error))) void router.invalidate();
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
