import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth';
import { decideAccess, homeRedirect } from '@/lib/auth/guards';
import { RedirectSearch } from '@/lib/auth/redirect-search';

export const Route = createFileRoute('/login')({
  validateSearch: RedirectSearch,
  beforeLoad: ({ context, search }) => {
    // Signed in already (or just now): on to the requested page, or straight to the home of the role.
    const session = context.auth.getSnapshot();
    if (!session.authenticated) return;
    // Signed in but locked (after a reload): the password opens the device's data there; 'someone else' signs out first.
    if (session.locked) throw redirect({ to: '/unlock', search, replace: true });
    if (search.redirect) throw redirect({ href: search.redirect, replace: true });
    const decision = decideAccess(session, 'any-role');
    throw decision.kind === 'allow' ? homeRedirect(decision.user) : redirect({ to: '/', replace: true });
  },
  component: () => <LoginPage />,
});
