import { createFileRoute } from '@tanstack/react-router';
import { ClientLoadError } from '../../../../../features/clients/components/ClientLoadError';
import { ClientProfilePage } from '../../../../../features/clients/components/ClientProfilePage';
import { userDetailQueryOptions } from '../../../../../features/users/api/queries';

export const Route = createFileRoute('/_authenticated/_staff/client/$clientId/profile')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userDetailQueryOptions(params.clientId)),
  errorComponent: ClientLoadError,
  component: function ClientProfile() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <ClientProfilePage clientId={clientId} viewer={{ id: user.username, role: user.role }} />;
  },
});
