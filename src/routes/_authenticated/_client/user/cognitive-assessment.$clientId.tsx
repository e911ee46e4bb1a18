import { createFileRoute } from '@tanstack/react-router';
import { PortalScreenPage } from '@/features/portal';

export const Route = createFileRoute('/_authenticated/_client/user/cognitive-assessment/$clientId')({
  component: function CognitiveAssessment() {
    const { clientId } = Route.useParams();
    return <PortalScreenPage screen="cognitive-assessment" clientId={clientId} />;
  },
});
