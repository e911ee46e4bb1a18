import { createFileRoute } from '@tanstack/react-router';
import { UserPage } from '../../../../features/backoffice/components/UserPage';
import { UserLoadError } from '../../../../features/backoffice/components/UserLoadError';
import { userDetailQueryOptions } from '../../../../features/users/api/queries';

export const Route = createFileRoute('/_authenticated/_admin/users/$username')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userDetailQueryOptions(params.username)),
  errorComponent: UserLoadError,
  component: function User() {
    const { username } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <UserPage username={username} viewer={{ id: user.username, role: user.role }} />;
  },
});
