import { createFileRoute } from '@tanstack/react-router';
import { ClientLoadError } from '../../../../../../../features/clients/components/ClientLoadError';
import { ClientVisitPage } from '../../../../../../../features/clients/components/ClientVisitPage';
import { userDetailQueryOptions } from '../../../../../../../features/users/api/queries';

export const Route = createFileRoute('/_authenticated/_staff/client/discovery/$clientId/visit/$visitId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userDetailQueryOptions(params.clientId)),
  errorComponent: ClientLoadError,
  component: function ClientVisit() {
    const { clientId } = Route.useParams();
    return <ClientVisitPage clientId={clientId} />;
  },
});
