import { createFileRoute } from '@tanstack/react-router';
import { PortalHomePage } from '../../../../features/portal/components/PortalHomePage';
import { ProfileLoadError } from '../../../../features/profiles/components/ProfileLoadError';
import { userDetailQueryOptions } from '../../../../features/users/api/queries';

export const Route = createFileRoute('/_authenticated/_client/user/home/$clientId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userDetailQueryOptions(params.clientId)),
  errorComponent: ProfileLoadError,
  component: function Home() {
    const { clientId } = Route.useParams();
    return <PortalHomePage clientId={clientId} />;
  },
});
