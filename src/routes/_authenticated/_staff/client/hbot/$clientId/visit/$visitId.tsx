import { createFileRoute } from '@tanstack/react-router';
import { ClientLoadError, loadClient } from '@/features/clients';
import { TherapyVisitPage } from '@/features/visits';

export const Route = createFileRoute('/_authenticated/_staff/client/hbot/$clientId/visit/$visitId')({
  loader: ({ context, params }) => loadClient(context.queryClient, params.clientId),
  errorComponent: ClientLoadError,
  component: function HbotVisit() {
    const { clientId } = Route.useParams();
    return <TherapyVisitPage therapy="hbot" clientId={clientId} />;
  },
});
