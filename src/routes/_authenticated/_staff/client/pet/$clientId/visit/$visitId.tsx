import { createFileRoute } from '@tanstack/react-router';
import { TherapyVisitPage } from '../../../../../../../features/visits/components/TherapyVisitPage';

export const Route = createFileRoute('/_authenticated/_staff/client/pet/$clientId/visit/$visitId')({
  component: function PetVisit() {
    const { clientId } = Route.useParams();
    return <TherapyVisitPage therapy="pet" clientId={clientId} />;
  },
});
