import { createFileRoute, redirect, useRouteContext } from '@tanstack/react-router';
import { UnlockPage } from '@/features/auth';
import { decideAccess, homePath, homeRedirect } from '@/lib/auth/guards';
import { isRole } from '@/lib/auth/roles';
import { RedirectSearch } from '@/lib/auth/redirect-search';

/** After a reload: the signed-in person gives their password before anything kept on the device is shown. */
export const Route = createFileRoute('/unlock')({
  validateSearch: RedirectSearch,
  beforeLoad: ({ context, search }) => {
    const session = context.auth.getSnapshot();
    if (!session.authenticated) throw redirect({ to: '/login', search, replace: true });
    if (session.locked) {
      // Where the unlock leads: its screen's code loads while the password is typed.
      const home =
        isRole(session.role) && session.username ? homePath({ role: session.role, username: session.username }) : null;
      return { destination: search.redirect ?? home };
    }
    // Unlocked (just now, or in another way): on to the requested page, or home.
    if (search.redirect) throw redirect({ href: search.redirect, replace: true });
    const decision = decideAccess(session, 'any-role');
    throw decision.kind === 'allow' ? homeRedirect(decision.user) : redirect({ to: '/', replace: true });
  },
  component: function Unlock() {
    // By the route's id, not `Route`: the split-off component then carries none of the guard's code.
    return <UnlockPage destination={useRouteContext({ from: '/unlock' }).destination ?? null} />;
  },
});
