import { createFileRoute } from '@tanstack/react-router';
import { ClientProfilePage } from '@/features/clients';

export const Route = createFileRoute('/_authenticated/_staff/client/$clientId/profile')({
  component: function ClientProfile() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <ClientProfilePage clientId={clientId} viewer={user} />;
  },
});
