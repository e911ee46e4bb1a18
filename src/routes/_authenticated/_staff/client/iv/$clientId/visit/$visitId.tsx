import { createFileRoute } from '@tanstack/react-router';
import { TherapyVisitPage } from '../../../../../../../features/visits/components/TherapyVisitPage';

export const Route = createFileRoute('/_authenticated/_staff/client/iv/$clientId/visit/$visitId')({
  component: function IvVisit() {
    const { clientId } = Route.useParams();
    return <TherapyVisitPage therapy="iv" clientId={clientId} />;
  },
});
