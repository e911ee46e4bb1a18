import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RedirectSearch } from '../lib/auth/redirect-search';

export const Route = createFileRoute('/login')({
  validateSearch: RedirectSearch,
  beforeLoad: ({ context, search }) => {
    // Signed in already (or just now): on to the requested page, or home.
    if (context.auth.getSnapshot().authenticated) {
      throw redirect({ href: search.redirect ?? '/', replace: true });
    }
  },
  component: () => <LoginPage />,
});
