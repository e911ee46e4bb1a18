import { createFileRoute } from '@tanstack/react-router';
import { PortalProfilePage } from '@/features/portal';
import { ProfileLoadError } from '@/features/profiles';
import { userDetailQueryOptions } from '@/features/people';

export const Route = createFileRoute('/_authenticated/_client/user/profile/$clientId')({
  loader: ({ context, params }) =>
    context.queryClient.query({ ...userDetailQueryOptions(params.clientId), staleTime: 'static' }),
  errorComponent: ProfileLoadError,
  component: function Profile() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <PortalProfilePage clientId={clientId} viewer={user} />;
  },
});
