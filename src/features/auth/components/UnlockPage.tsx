import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '@/lib/auth/session';
import { whenIdle } from '@/lib/when-idle';
import { outbox } from '@/lib/outbox';
import { keyring, type UnlockResult } from '@/lib/storage/keyring';
import { localDataSettled } from '@/pwa/local-data';
import { keyringQueries } from '../model/keyring-queries';
import { UNLOCK_MESSAGES, unlockFailureMessage } from '../model/unlock';
import { useSignOut } from '../useSignOut';
import { UnlockScreen } from './UnlockScreen';

// Off the unlock screen's first load: asked only once a password opened the data, or a passkey is used.
const offerWanted = async () => (await import('../model/passkey')).passkeyOfferWanted();
const passkeyCeremony = () => import('@/lib/storage/passkey-ceremony');

/**
 * /unlock: after a reload the person signed in here gives their password
 * again (or uses the passkey they turned on here) before anything kept on the
 * device is shown. Checked on the device (it unwraps their data key), so it
 * works offline; too many wrong passwords, and only a full sign-in will do.
 * `destination`: where the unlock leads (the page asked for, or the person's home).
 */
export function UnlockPage({ destination }: { destination: string | null }) {
  const session = useSession();
  const router = useRouter();
  // The screen the unlock opens loads while the password is typed, once this one is live: it is on screen sooner.
  useEffect(() => {
    if (destination === null) return;
    return whenIdle(() => {
      import('@/lib/navigation/route-chunks')
        .then(({ loadRouteChunksOf }) => loadRouteChunksOf(router, destination))
        // Only a head start: what did not load here loads when the unlock opens the screen.
        .catch(() => undefined);
    }, 2_000);
  }, [router, destination]);
  const signOut = useSignOut();
  const username = session.username ?? '';
  // Whether the tries are used up (or nothing is here to unlock), read from the device.
  const usable = useQuery(keyringQueries.usable(username));
  const passkey = useQuery(keyringQueries.passkey(username));
  /** The data is open: the person's saved data and unsent changes are back before the screen that shows them loads. */
  const carryOn = async (result: UnlockResult) => {
    if (result.ok) {
      await Promise.all([localDataSettled(), outbox().ready()]);
      await router.invalidate();
    }
    return result;
  };
  const unlock = useMutation({
    mutationFn: async (password: string): Promise<UnlockResult> =>
      carryOn(await keyring.unlock(username, password, { offerPasskey: await offerWanted() })),
    // Checked on the device alone: it must work at a bay without Wi-Fi.
    networkMode: 'always',
  });
  const passkeyUnlock = useMutation({
    mutationFn: async (): Promise<UnlockResult> => {
      const enrolled = passkey.data;
      if (!enrolled) return { ok: false, reason: 'passkey-refused' };
      const { askPasskey } = await passkeyCeremony();
      let proof;
      try {
        proof = await askPasskey(enrolled);
      } catch {
        // Cancelled, timed out, or the passkey is gone from the device: WebAuthn does not say which.
        return { ok: false, reason: 'passkey-refused' };
      }
      return carryOn(await keyring.unlockWithPasskey(username, proof));
    },
    networkMode: 'always',
  });
  const turnOff = useMutation({
    mutationFn: () => keyring.removePasskey(username),
    onSuccess: () => passkey.refetch(),
    networkMode: 'always',
  });
  const last = passkeyUnlock.submittedAt > unlock.submittedAt ? passkeyUnlock : unlock;
  const failure = last.data && !last.data.ok ? last.data : null;
  const signInNeeded =
    failure?.reason === 'sign-in-needed'
      ? UNLOCK_MESSAGES.signInNeeded
      : usable.data === false
        ? UNLOCK_MESSAGES.signInAgain
        : null;
  const failureMessage = failure
    ? unlockFailureMessage(failure)
    : last.isError
      ? UNLOCK_MESSAGES.deviceError
      : turnOff.isSuccess
        ? UNLOCK_MESSAGES.passkeyOff
        : null;

  return (
    <UnlockScreen
      email={session.email}
      signInNeeded={signInNeeded}
      failure={failureMessage}
      onDismissFailure={() => {
        unlock.reset();
        passkeyUnlock.reset();
        turnOff.reset();
      }}
      unlocking={unlock.isPending}
      signingOut={signOut.isPending}
      onUnlock={(password) =>
        unlock.mutateAsync(password).then(
          (result) => result.ok,
          () => false,
        )
      }
      onSignOut={() => signOut.mutate()}
      passkey={
        passkey.data
          ? {
              onUnlock: () => passkeyUnlock.mutate(),
              pending: passkeyUnlock.isPending,
              onTurnOff: () => turnOff.mutate(),
              turningOff: turnOff.isPending,
            }
          : null
      }
    />
  );
}
