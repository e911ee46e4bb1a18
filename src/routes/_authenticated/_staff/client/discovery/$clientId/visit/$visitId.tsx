import { createFileRoute } from '@tanstack/react-router';
import { ClientVisitPage } from '@/features/clients';

export const Route = createFileRoute('/_authenticated/_staff/client/discovery/$clientId/visit/$visitId')({
  component: function ClientVisit() {
    const { clientId } = Route.useParams();
    return <ClientVisitPage clientId={clientId} />;
  },
});
