import { createFileRoute } from '@tanstack/react-router';
import { ClientLoadError, loadClient } from '@/features/clients';
import { VisitScreen, prefetchVisit } from '@/features/visits';

export const Route = createFileRoute('/_authenticated/_staff/client/red_light/$clientId/visit/$visitId')({
  loader: ({ context, params }) =>
    Promise.all([loadClient(context.queryClient, params.clientId), prefetchVisit(context.queryClient, params.visitId)]),
  errorComponent: ClientLoadError,
  component: function RedLightVisit() {
    const { clientId, visitId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <VisitScreen therapy="red_light" clientId={clientId} visitId={visitId} user={user} />;
  },
});
