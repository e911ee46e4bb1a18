import { createFileRoute } from '@tanstack/react-router';
import { MyProfilePage } from '../../features/profiles/components/MyProfilePage';
import { ProfileLoadError } from '../../features/profiles/components/ProfileLoadError';
import { userDetailQueryOptions } from '../../features/users/api/queries';

export const Route = createFileRoute('/_authenticated/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(userDetailQueryOptions(context.user.username)),
  errorComponent: ProfileLoadError,
  component: Home,
});

function Home() {
  const { user } = Route.useRouteContext();
  return <MyProfilePage userId={user.username} />;
}
