import { createFileRoute } from '@tanstack/react-router';
import { ButtonLink } from '@/components/RouterLinks';
import { getEnv } from '@/config/env';
import { UnauthorizedPage } from '@/features/access';
import { useSignOut } from '@/features/auth';
import { RedirectSearch } from '@/lib/auth/redirect-search';
import { isRole } from '@/lib/auth/roles';
import { useSession } from '@/lib/auth/session';

export const Route = createFileRoute('/unauthorized')({
  validateSearch: RedirectSearch,
  component: Unauthorized,
});

function Unauthorized() {
  const { authenticated, role } = useSession();
  const signOut = useSignOut();
  return (
    <UnauthorizedPage
      supportEmail={getEnv().supportEmail}
      home={
        authenticated && isRole(role) ? (
          <ButtonLink to="/" variant="filled">
            Go to my home
          </ButtonLink>
        ) : undefined
      }
      {...(authenticated ? { onSignOut: () => signOut.mutate(), signingOut: signOut.isPending } : {})}
    />
  );
}
