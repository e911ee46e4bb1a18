import { createFileRoute } from '@tanstack/react-router';
import { ClientDiscoveryPage } from '../../../../../../features/clients/components/ClientDiscoveryPage';
import { ClientLoadError } from '../../../../../../features/clients/components/ClientLoadError';
import { userDetailQueryOptions } from '../../../../../../features/users/api/queries';

export const Route = createFileRoute('/_authenticated/_staff/client/discovery/$clientId/')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userDetailQueryOptions(params.clientId)),
  errorComponent: ClientLoadError,
  component: function ClientDiscovery() {
    const { clientId } = Route.useParams();
    return <ClientDiscoveryPage clientId={clientId} />;
  },
});
