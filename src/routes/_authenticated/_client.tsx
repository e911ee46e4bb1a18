import { Outlet, createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/app/shell/PageLoader';
import { loadClientDetail } from '@/features/hipaa';
import { ClientConsentGate } from '@/features/hipaa';
import { ProfileLoadError } from '@/features/profiles';
import { passGate, requireOwnClientId } from '@/lib/auth/guards';

/**
 * The client portal, `/user/<screen>/{clientId}`: clients, each on their own id
 * only, and only once they have given HIPAA consent (spec section 4).
 */
export const Route = createFileRoute('/_authenticated/_client')({
  beforeLoad: async (options) => {
    const gate = await passGate(options, 'client');
    requireOwnClientId(gate.user, options.matches);
    return gate;
  },
  // Spec section 2: a spinner shows while the client's profile is loading.
  loader: ({ context: { queryClient, user } }) =>
    user.role === 'CLIENT' ? loadClientDetail(queryClient, user.username) : undefined,
  pendingComponent: PageLoader,
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: ProfileLoadError,
  component: function ClientLayout() {
    const { user } = Route.useRouteContext();
    return (
      <ClientConsentGate user={user}>
        <Outlet />
      </ClientConsentGate>
    );
  },
});
