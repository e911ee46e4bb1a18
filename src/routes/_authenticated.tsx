import { createFileRoute } from '@tanstack/react-router';
import { FullPageLoader } from '@/app/components/FullPageLoader';
import { SignedInLayout } from '@/app/shell/SignedInLayout';
import { clinicsQueryOptions, mayReadClinics } from '@/features/clinics';
import { prefetchUserList, userDetailQueryOptions } from '@/features/people';
import { passGate } from '@/lib/auth/guards';

/** Every signed-in screen: no session goes to /login (carrying the location), no known role to /unauthorized. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: (options) => passGate(options, 'signed-in'),
  loader: async ({ context: { queryClient, user } }) => {
    // Not awaited: the list warms the cache for staff screens without holding up this one.
    prefetchUserList(queryClient, user.role);
    // Every time on every screen is read on a clinic's clock: the clinics, and the person's own (their profile's),
    // are there before the first screen (from the device when it holds them). A failure leaves the first clinic's.
    await Promise.all([
      mayReadClinics(user.role)
        ? queryClient.query({ ...clinicsQueryOptions(), staleTime: 'static' }).catch(() => null)
        : null,
      queryClient.query({ ...userDetailQueryOptions(user.username), staleTime: 'static' }).catch(() => null),
    ]);
  },
  // The gate's spinner shows at once, for the gate's 150 ms.
  pendingComponent: FullPageLoader,
  pendingMs: 0,
  pendingMinMs: 0,
  component: SignedInLayout,
});
