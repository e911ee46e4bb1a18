import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useSession } from '@/lib/auth/session';
import { outbox } from '@/lib/outbox';
import { keyring, type UnlockResult } from '@/lib/storage/keyring';
import { localDataSettled } from '@/pwa/local-data';
import { UNLOCK_MESSAGES, unlockFailureMessage } from '../model/unlock';
import { useSignOut } from '../useSignOut';
import { UnlockScreen } from './UnlockScreen';

/**
 * /unlock: after a reload the person signed in here gives their password
 * again before anything kept on the device is shown. Checked on the device
 * (it unwraps their data key), so it works offline; too many wrong tries, and
 * only a full sign-in will do.
 */
export function UnlockPage() {
  const session = useSession();
  const router = useRouter();
  const signOut = useSignOut();
  const username = session.username ?? '';
  // Whether the tries are used up (or nothing is here to unlock), read from the device.
  const usable = useQuery({
    queryKey: ['unlock', 'usable', username],
    queryFn: () => keyring.canUnlock(username),
    networkMode: 'always',
    gcTime: 0,
  });
  const unlock = useMutation({
    mutationFn: async (password: string): Promise<UnlockResult> => {
      const result = await keyring.unlock(username, password);
      if (result.ok) {
        // The person's saved data and unsent changes are back before the screen that shows them loads.
        await Promise.all([localDataSettled(), outbox().ready()]);
        await router.invalidate();
      }
      return result;
    },
    // Checked on the device alone: it must work at a bay without Wi-Fi.
    networkMode: 'always',
  });
  const failure = unlock.data && !unlock.data.ok ? unlock.data : null;
  const signInNeeded =
    failure?.reason === 'sign-in-needed'
      ? UNLOCK_MESSAGES.signInNeeded
      : usable.data === false
        ? UNLOCK_MESSAGES.signInAgain
        : null;
  const failureMessage = failure ? unlockFailureMessage(failure) : unlock.isError ? UNLOCK_MESSAGES.deviceError : null;

  return (
    <UnlockScreen
      email={session.email}
      signInNeeded={signInNeeded}
      failure={failureMessage}
      onDismissFailure={unlock.reset}
      unlocking={unlock.isPending}
      signingOut={signOut.isPending}
      onUnlock={(password) =>
        unlock.mutateAsync(password).then(
          (result) => result.ok,
          () => false,
        )
      }
      onSignOut={() => signOut.mutate()}
    />
  );
}
