import { createFileRoute } from '@tanstack/react-router';
import { SignedInLayout } from '../app/shell/SignedInLayout';
import { requireAccess } from '../lib/auth/guards';

/** Every signed-in screen: no session goes to /login (carrying the location), no known role to /unauthorized. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => ({ user: requireAccess(context.auth, location, 'any-role') }),
  component: SignedInLayout,
});
