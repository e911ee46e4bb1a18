import { createFileRoute } from '@tanstack/react-router';
import { TherapyVisitPage } from '../../../../../../../features/visits/components/TherapyVisitPage';

export const Route = createFileRoute('/_authenticated/_staff/client/fir/$clientId/visit/$visitId')({
  component: function FirVisit() {
    const { clientId } = Route.useParams();
    return <TherapyVisitPage therapy="fir" clientId={clientId} />;
  },
});
