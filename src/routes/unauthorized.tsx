import { createFileRoute } from '@tanstack/react-router';
import { getEnv } from '../config/env';
import { UnauthorizedPage } from '../features/access/components/UnauthorizedPage';
import { useSignOut } from '../features/auth/useSignOut';
import { RedirectSearch } from '../lib/auth/redirect-search';
import { useSession } from '../lib/auth/session';

export const Route = createFileRoute('/unauthorized')({
  validateSearch: RedirectSearch,
  component: Unauthorized,
});

function Unauthorized() {
  const { authenticated } = useSession();
  const signOut = useSignOut();
  return (
    <UnauthorizedPage
      supportEmail={getEnv().supportEmail}
      {...(authenticated ? { onSignOut: () => signOut.mutate(), signingOut: signOut.isPending } : {})}
    />
  );
}
