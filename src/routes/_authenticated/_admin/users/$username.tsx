import { createFileRoute } from '@tanstack/react-router';
import { UserPage } from '@/features/backoffice';
import { UserLoadError } from '@/features/backoffice';
import { userDetailQueryOptions } from '@/features/people';

export const Route = createFileRoute('/_authenticated/_admin/users/$username')({
  loader: ({ context, params }) =>
    context.queryClient.query({ ...userDetailQueryOptions(params.username), staleTime: 'static' }),
  errorComponent: UserLoadError,
  component: function User() {
    const { username } = Route.useParams();
    const { user } = Route.useRouteContext();
    return <UserPage username={username} viewer={user} />;
  },
});
