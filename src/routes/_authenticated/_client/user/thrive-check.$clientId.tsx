import { createFileRoute } from '@tanstack/react-router';
import { ThriveCheck, ThriveCheckLoadError, clientAssessmentsQueryOptions } from '@/features/assessments';
import { PortalScreenPage } from '@/features/portal';

export const Route = createFileRoute('/_authenticated/_client/user/thrive-check/$clientId')({
  loader: ({ context, params }) =>
    context.queryClient.query({ ...clientAssessmentsQueryOptions(params.clientId, 'who5'), staleTime: 'static' }),
  errorComponent: ThriveCheckLoadError,
  component: function ThriveCheckScreen() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return (
      <PortalScreenPage screen="thrive-check" clientId={clientId}>
        {/* A client takes its own check; a super admin looking at a client's portal only reads it. */}
        <ThriveCheck clientId={clientId} canTake={user.username.toLowerCase() === clientId.toLowerCase()} />
      </PortalScreenPage>
    );
  },
});
