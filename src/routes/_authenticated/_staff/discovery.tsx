import { createFileRoute } from '@tanstack/react-router';
import { DiscoveryPage } from '../../../features/discovery/components/DiscoveryPage';
import { CLIENTS_ONLY, userListQueryOptions } from '../../../features/users/api/queries';

export const Route = createFileRoute('/_authenticated/_staff/discovery')({
  loader: ({ context }) => context.queryClient.ensureQueryData(userListQueryOptions(CLIENTS_ONLY)),
  component: DiscoveryPage,
});
