import { createFileRoute } from '@tanstack/react-router';
import { CognitiveAssessment, CognitiveLoadError, clientAssessmentsQueryOptions } from '@/features/assessments';
import { PortalScreenPage } from '@/features/portal';

export const Route = createFileRoute('/_authenticated/_client/user/cognitive-assessment/$clientId')({
  loader: ({ context, params }) =>
    context.queryClient.query({ ...clientAssessmentsQueryOptions(params.clientId, 'cognitive'), staleTime: 'static' }),
  errorComponent: CognitiveLoadError,
  component: function CognitiveAssessmentScreen() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return (
      <PortalScreenPage screen="cognitive-assessment" clientId={clientId}>
        <CognitiveAssessment clientId={clientId} canTake={user.username.toLowerCase() === clientId.toLowerCase()} />
      </PortalScreenPage>
    );
  },
});
