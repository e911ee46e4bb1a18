import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { signOut } from '@/lib/auth/amplify';
import { outbox } from '@/lib/outbox';
import { askBeforeSigningOut } from './sign-out-request';

/**
 * Signs out and returns to the sign-in page (spec section 4). The cached data
 * of this user is dropped only after the signed-in screens are gone, so they
 * never refetch without a session. With changes not yet on the server, the
 * person is shown them first and decides (SignOutConfirmation); signing out
 * never deletes them.
 */
export function useSignOut() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => {
      await signOut();
      await router.navigate({ to: '/login' });
      // Fetches paused offline would go on without a session once the network returns: they stop here.
      await queryClient.cancelQueries();
      queryClient.clear();
      await router.invalidate();
    },
    // Signing out must work at a bay without Wi-Fi: it is local (the tokens are forgotten here).
    networkMode: 'always',
  });
  return {
    isPending: mutation.isPending,
    mutate(): void {
      if (outbox().getSnapshot().counts.total > 0) askBeforeSigningOut(() => mutation.mutate());
      else mutation.mutate();
    },
  };
}
