import { createFileRoute } from '@tanstack/react-router';
import { PortalProfilePage } from '../../../../features/portal/components/PortalProfilePage';
import { ProfileLoadError } from '../../../../features/profiles/components/ProfileLoadError';
import { userDetailQueryOptions } from '../../../../features/users/api/queries';

export const Route = createFileRoute('/_authenticated/_client/user/profile/$clientId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userDetailQueryOptions(params.clientId)),
  errorComponent: ProfileLoadError,
  component: function Profile() {
    const { clientId } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <PortalProfilePage clientId={clientId} viewer={{ id: user.username, role: user.role }} />;
  },
});
