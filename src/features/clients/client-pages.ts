import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent } from '@tanstack/react-router';
import { loadClient } from './api/load-client';

/**
 * A layout route over a client's staff pages (`/client/{clientId}/...`,
 * `/client/discovery/{clientId}/...`): the client is loaded once for every
 * page below, on the clock of the client's clinic, and a failure says what
 * went wrong with the client. The components load with the pages, not with
 * the app (the route tree is part of the first screen). A new object for each
 * route: the router keeps its own things in it.
 */
export function clientPages() {
  return {
    loader: ({ context, params }: { context: { queryClient: QueryClient }; params: { clientId: string } }) =>
      loadClient(context.queryClient, params.clientId),
    errorComponent: lazyRouteComponent(() => import('./components/ClientLoadError'), 'ClientLoadError'),
    component: lazyRouteComponent(() => import('./components/ClientPages'), 'ClientPages'),
  };
}
