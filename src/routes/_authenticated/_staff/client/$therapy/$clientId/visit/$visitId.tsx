import { createFileRoute, redirect } from '@tanstack/react-router';
import { mayDoToClients } from '@contract';
import { ClientLoadError, loadClient } from '@/features/clients';
import { VisitScreen, isVisitTherapy, prefetchVisit } from '@/features/visits';

/**
 * The therapy visit screens of spec section 2, /client/{iv|hbot|pet|red_light|fir}/{clientId}/visit/{visitId}.
 * Another word in the therapy's place does not match this route, so it goes where every unknown path goes.
 * A role that does not chart the therapy (reception, coaches, nutritionists) is taken to the visit's record.
 */
export const Route = createFileRoute('/_authenticated/_staff/client/$therapy/$clientId/visit/$visitId')({
  params: {
    parse: ({ therapy, ...rest }) => (isVisitTherapy(therapy) ? { therapy, ...rest } : false),
    stringify: (params) => params,
  },
  beforeLoad: ({ context, params }) => {
    if (!mayDoToClients(context.user.role, 'visits.chart', params.therapy)) {
      throw redirect({
        to: '/client/discovery/$clientId/visit/$visitId',
        params: { clientId: params.clientId, visitId: params.visitId },
        replace: true,
      });
    }
  },
  loader: ({ context, params }) =>
    Promise.all([loadClient(context.queryClient, params.clientId), prefetchVisit(context.queryClient, params.visitId)]),
  errorComponent: ClientLoadError,
  component: function TherapyVisit() {
    const { therapy, clientId, visitId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <VisitScreen therapy={therapy} clientId={clientId} visitId={visitId} user={user} />;
  },
});
