import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { signOut } from '@/lib/auth/amplify';

/**
 * Signs out and returns to the sign-in page (spec section 4). The cached data
 * of this user is dropped only after the signed-in screens are gone, so they
 * never refetch without a session.
 */
export function useSignOut() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await signOut();
      await router.navigate({ to: '/login' });
      queryClient.clear();
      await router.invalidate();
    },
  });
}
