import { createFileRoute } from '@tanstack/react-router';
import { ClientDiscoveryPage } from '@/features/clients';

export const Route = createFileRoute('/_authenticated/_staff/client/discovery/$clientId/')({
  component: function ClientDiscovery() {
    const { clientId } = Route.useParams();
    return <ClientDiscoveryPage clientId={clientId} />;
  },
});
