import { createFileRoute } from '@tanstack/react-router';
import { VisitRecordPage, prefetchVisit } from '@/features/visits';

export const Route = createFileRoute('/_authenticated/_staff/client/discovery/$clientId/visit/$visitId')({
  loader: ({ context, params }) => prefetchVisit(context.queryClient, params.visitId),
  component: function ClientVisit() {
    const { clientId, visitId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <VisitRecordPage clientId={clientId} visitId={visitId} role={user.role} />;
  },
});
