import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { openSessionUser, useSession } from '@/lib/auth/session';
import { keyring } from '@/lib/storage/keyring';
import { passkeyCeremony } from '../model/passkey';
import { PASSKEY_MESSAGES } from '../model/passkey-offer';

const offerKey = (username: string) => ['passkey-offer', username] as const;

/** What went wrong while the passkey was made, in the person's words. */
async function failureMessage(error: unknown): Promise<string> {
  const { PasskeyNotCompleted, PasskeyWithoutPrf } = await passkeyCeremony();
  if (error instanceof PasskeyNotCompleted) return PASSKEY_MESSAGES.notMade;
  if (error instanceof PasskeyWithoutPrf) return PASSKEY_MESSAGES.noPrf;
  return PASSKEY_MESSAGES.failed;
}

/**
 * Once, just after the password opened Thrive on a personal device that can
 * do it: the offer to unlock with the device's fingerprint, face or screen
 * lock next time. Turning it on makes a passkey whose PRF output wraps the
 * person's data key beside the password (lib/storage/keyring.ts); "Not now"
 * is remembered for this person on this device.
 */
export function PasskeyOffer() {
  const session = useSession();
  const username = openSessionUser(session);
  const queryClient = useQueryClient();
  const offered = useQuery({
    queryKey: offerKey(username ?? ''),
    queryFn: () => keyring.passkeyOffered(username ?? ''),
    enabled: username !== null,
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: 0,
  });
  const settle = () => queryClient.setQueryData(offerKey(username ?? ''), false);
  const turnOn = useMutation({
    mutationFn: async () => {
      if (!username) return;
      const { makePasskey } = await passkeyCeremony();
      const made = await makePasskey(username, session.email ?? 'Thrive');
      await keyring.enrolPasskey(username, made);
    },
    onSuccess: () => {
      settle();
      toastSuccess(PASSKEY_MESSAGES.on, 'Passkey unlock');
    },
    onError: async (error) => {
      const message = await failureMessage(error);
      // A passkey without PRF will never do here: the offer goes, as after "Not now".
      if (message === PASSKEY_MESSAGES.noPrf && username) await keyring.declinePasskey(username).then(settle);
      toastFailure(message, 'Passkey unlock');
    },
    networkMode: 'always',
  });
  const decline = useMutation({
    mutationFn: () => keyring.declinePasskey(username ?? ''),
    onSettled: settle,
    networkMode: 'always',
  });
  if (!username || offered.data !== true) return null;
  const busy = turnOn.isPending || decline.isPending;
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="passkey-offer-title">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <IconFingerprint
          size={32}
          stroke={1.5}
          color="var(--mantine-primary-color-filled)"
          style={{ flexShrink: 0 }}
          aria-hidden
        />
        <Stack gap="sm" miw={0} style={{ flex: 1 }}>
          <Stack gap={4}>
            <Title order={2} size="h4" id="passkey-offer-title">
              {PASSKEY_MESSAGES.offerTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {PASSKEY_MESSAGES.offerText}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button loading={turnOn.isPending} disabled={busy} onClick={() => turnOn.mutate()}>
              Turn on
            </Button>
            <Button variant="default" loading={decline.isPending} disabled={busy} onClick={() => decline.mutate()}>
              Not now
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
