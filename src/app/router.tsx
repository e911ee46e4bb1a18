import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { RouterContext } from './context';
import { FullPageLoader } from './components/FullPageLoader';
import { RouteError } from './components/RouteError';

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
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
