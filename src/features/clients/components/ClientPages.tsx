import type { QueryClient } from '@tanstack/react-query';
import { Outlet, useParams } from '@tanstack/react-router';
import { PersonClock } from '@/features/people';
import { loadClient } from '../api/load-client';
import { ClientLoadError } from './ClientLoadError';

/** Every page about one client, on the clock of the client's clinic. */
function ClientPages() {
  const { clientId } = useParams({ strict: false });
  return (
    <PersonClock userId={clientId ?? ''}>
      <Outlet />
    </PersonClock>
  );
}

/**
 * A layout route over a client's staff pages (`/client/{clientId}/...`,
 * `/client/discovery/{clientId}/...`): the client is loaded once for every
 * page below, and a failure says what went wrong with the client. A new
 * object for each route (the router keeps its own things in it).
 */
export function clientPages() {
  return {
    loader: ({ context, params }: { context: { queryClient: QueryClient }; params: { clientId: string } }) =>
      loadClient(context.queryClient, params.clientId),
    errorComponent: ClientLoadError,
    component: ClientPages,
  };
}
