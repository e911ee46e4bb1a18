import { createFileRoute } from '@tanstack/react-router';
import { Onboarding } from '@/features/onboarding';
import { PortalScreenPage } from '@/features/portal';
import { ProfileLoadError } from '@/features/profiles';
import { userDetailQueryOptions } from '@/features/people';

export const Route = createFileRoute('/_authenticated/_client/user/thrive-onboard/$clientId')({
  loader: ({ context, params }) =>
    context.queryClient.query({ ...userDetailQueryOptions(params.clientId), staleTime: 'static' }),
  errorComponent: ProfileLoadError,
  component: function ThriveOnboard() {
    const { clientId } = Route.useParams();
    return (
      <PortalScreenPage screen="thrive-onboard" clientId={clientId}>
        <Onboarding clientId={clientId} />
      </PortalScreenPage>
    );
  },
});
