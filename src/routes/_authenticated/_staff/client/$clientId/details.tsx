import { createFileRoute } from '@tanstack/react-router';
import { ClientDetailsPage } from '@/features/clients';

export const Route = createFileRoute('/_authenticated/_staff/client/$clientId/details')({
  component: function ClientDetails() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <ClientDetailsPage clientId={clientId} viewer={user} />;
  },
});
