import { createFileRoute } from '@tanstack/react-router';
import { PortalHomePage } from '@/features/portal';
import { ProfileLoadError } from '@/features/profiles';
import { userDetailQueryOptions } from '@/features/users';

export const Route = createFileRoute('/_authenticated/_client/user/home/$clientId')({
  loader: ({ context, params }) =>
    context.queryClient.query({ ...userDetailQueryOptions(params.clientId), staleTime: 'static' }),
  errorComponent: ProfileLoadError,
  component: function Home() {
    const { clientId } = Route.useParams();
    return <PortalHomePage clientId={clientId} />;
  },
});
