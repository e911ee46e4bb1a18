import { createFileRoute } from '@tanstack/react-router';
import { DiscoveryPage } from '@/features/discovery';
import { CLIENTS_ONLY, userListQueryOptions } from '@/features/users';

export const Route = createFileRoute('/_authenticated/_staff/discovery')({
  loader: ({ context }) => context.queryClient.query({ ...userListQueryOptions(CLIENTS_ONLY), staleTime: 'static' }),
  component: DiscoveryPage,
});
