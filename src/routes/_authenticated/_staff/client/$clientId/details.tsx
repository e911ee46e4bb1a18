import { createFileRoute } from '@tanstack/react-router';
import { ClientDetailsPage } from '../../../../../features/clients/components/ClientDetailsPage';
import { ClientLoadError } from '../../../../../features/clients/components/ClientLoadError';
import { userDetailQueryOptions } from '../../../../../features/users/api/queries';

export const Route = createFileRoute('/_authenticated/_staff/client/$clientId/details')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userDetailQueryOptions(params.clientId)),
  errorComponent: ClientLoadError,
  component: function ClientDetails() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <ClientDetailsPage clientId={clientId} viewer={{ id: user.username, role: user.role }} />;
  },
});
