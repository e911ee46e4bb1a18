import { createFileRoute } from '@tanstack/react-router';
import { TherapyVisitPage } from '../../../../../../../features/visits/components/TherapyVisitPage';

export const Route = createFileRoute('/_authenticated/_staff/client/red_light/$clientId/visit/$visitId')({
  component: function RedLightVisit() {
    const { clientId } = Route.useParams();
    return <TherapyVisitPage therapy="red_light" clientId={clientId} />;
  },
});
