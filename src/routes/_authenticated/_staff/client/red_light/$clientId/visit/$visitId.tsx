import { createFileRoute } from '@tanstack/react-router';
import { ClientLoadError, loadClient } from '@/features/clients';
import { TherapyVisitPage } from '@/features/visits';

export const Route = createFileRoute('/_authenticated/_staff/client/red_light/$clientId/visit/$visitId')({
  loader: ({ context, params }) => loadClient(context.queryClient, params.clientId),
  errorComponent: ClientLoadError,
  component: function RedLightVisit() {
    const { clientId } = Route.useParams();
    return <TherapyVisitPage therapy="red_light" clientId={clientId} />;
  },
});
