import { createFileRoute } from '@tanstack/react-router';
import { TherapyVisitPage } from '../../../../../../../features/visits/components/TherapyVisitPage';

export const Route = createFileRoute('/_authenticated/_staff/client/hbot/$clientId/visit/$visitId')({
  component: function HbotVisit() {
    const { clientId } = Route.useParams();
    return <TherapyVisitPage therapy="hbot" clientId={clientId} />;
  },
});
