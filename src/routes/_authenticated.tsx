import { createFileRoute } from '@tanstack/react-router';
import { FullPageLoader } from '@/app/components/FullPageLoader';
import { SignedInLayout } from '@/app/shell/SignedInLayout';
import { prefetchUserList } from '@/features/users';
import { passGate } from '@/lib/auth/guards';

/** Every signed-in screen: no session goes to /login (carrying the location), no known role to /unauthorized. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: (options) => passGate(options, 'signed-in'),
  // Not awaited: the list warms the cache for staff screens without holding up this one.
  loader: ({ context }) => prefetchUserList(context.queryClient, context.user.role),
  // The gate's spinner shows at once, for the gate's 150 ms.
  pendingComponent: FullPageLoader,
  pendingMs: 0,
  pendingMinMs: 0,
  component: SignedInLayout,
});
