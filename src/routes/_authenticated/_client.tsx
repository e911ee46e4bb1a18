import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '../../app/shell/PageLoader';
import { ProfileLoadError } from '../../features/profiles/components/ProfileLoadError';
import { userDetailQueryOptions } from '../../features/users/api/queries';
import { passGate, requireOwnClientId } from '../../lib/auth/guards';

/** The client portal, `/user/<screen>/{clientId}`: clients, each on their own id only. */
export const Route = createFileRoute('/_authenticated/_client')({
  beforeLoad: async (options) => {
    const gate = await passGate(options, 'client');
    requireOwnClientId(gate.user, options.matches);
    return gate;
  },
  // Spec section 2: a spinner shows while the client's profile is loading.
  loader: ({ context: { queryClient, user } }) =>
    user.role === 'CLIENT' ? queryClient.ensureQueryData(userDetailQueryOptions(user.username)) : undefined,
  pendingComponent: PageLoader,
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: ProfileLoadError,
});
