import { createFileRoute } from '@tanstack/react-router';
import { JourneyHome } from '@/features/journey';
import { PortalHomePage } from '@/features/portal';
import { ProfileLoadError } from '@/features/profiles';
import { userDetailQueryOptions } from '@/features/people';

export const Route = createFileRoute('/_authenticated/_client/user/home/$clientId')({
  loader: ({ context, params }) =>
    context.queryClient.query({ ...userDetailQueryOptions(params.clientId), staleTime: 'static' }),
  errorComponent: ProfileLoadError,
  component: function Home() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <PortalHomePage clientId={clientId} email={user.email} journey={<JourneyHome clientId={clientId} />} />;
  },
});
