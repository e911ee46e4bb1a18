import { createFileRoute } from '@tanstack/react-router';
import { ClientDiscoveryPage } from '@/features/clients';
import { useRememberRecentClient } from '@/features/discovery';

export const Route = createFileRoute('/_authenticated/_staff/client/discovery/$clientId/')({
  component: function ClientDiscovery() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    // Opening a client puts them among this person's recent clients in discovery.
    const remember = useRememberRecentClient();
    return <ClientDiscoveryPage clientId={clientId} viewerRole={user.role} onOpened={remember} />;
  },
});
