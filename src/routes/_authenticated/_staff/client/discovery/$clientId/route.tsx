import { Outlet, createFileRoute } from '@tanstack/react-router';
import { ClientLoadError, loadClient } from '@/features/clients';
import { PersonClock } from '@/features/people';

/** `/client/discovery/{clientId}/...`: the client is loaded once for every page below, whose times are on the client's clinic's clock. */
export const Route = createFileRoute('/_authenticated/_staff/client/discovery/$clientId')({
  loader: ({ context, params }) => loadClient(context.queryClient, params.clientId),
  errorComponent: ClientLoadError,
  component: function ClientPages() {
    const { clientId } = Route.useParams();
    return (
      <PersonClock userId={clientId}>
        <Outlet />
      </PersonClock>
    );
  },
});
