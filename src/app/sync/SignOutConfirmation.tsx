import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useOutbox } from '@/lib/outbox';
import { useOnline } from '@/pwa/connection';
import { deviceSettings, persistsData } from '@/pwa/device-mode';
import { settleSignOutRequest, useSignOutRequest } from '@/features/auth';

/**
 * Asked when someone signs out with changes the server does not have yet:
 * which they are, and the choice to wait until they are sent (then sign out
 * by itself, as it does when they all go before the person has chosen), to
 * sign out now (they stay on this device, locked to the person,
 * and are sent for them with their own sign-in when the network allows; a
 * kiosk keeps them only while the page stays open), or to stay.
 */
export function SignOutConfirmation() {
  const request = useSignOutRequest();
  // A new request starts afresh (not waiting).
  return request ? <Confirmation key={request.id} signOut={request.signOut} /> : null;
}

function Confirmation({ signOut }: { signOut: () => void }) {
  const { items, counts } = useOutbox();
  const online = useOnline();
  const [waiting, setWaiting] = useState(false);
  const keepsThem = persistsData(deviceSettings().mode);
  const needsPerson = counts.failed + counts.conflict;

  useEffect(() => {
    // Everything went, while the person waited or before they chose: nothing is left to ask about, so sign out as
    // they asked (the question never stays open over an empty list).
    if (counts.total === 0) {
      settleSignOutRequest();
      signOut();
    }
  }, [signOut, counts.total]);

  const close = () => settleSignOutRequest();
  const now = () => {
    settleSignOutRequest();
    signOut();
  };

  return (
    <Modal opened onClose={close} title={<Text fw={700}>Some changes are not on the server yet</Text>} size="lg">
      <Stack gap="md">
        <List spacing={4} size="sm">
          {items.map((item) => (
            <List.Item key={item.id}>{item.label}</List.Item>
          ))}
        </List>
        {keepsThem ? (
          <Text size="sm">
            If you sign out now they stay on this device, locked to you, and are sent for you, with your own sign-in, as
            soon as the network allows (or once you sign in here again). No one else who signs in here can see them.
          </Text>
        ) : (
          <Alert color="red" variant="light">
            This device keeps nothing after sign-out: they are sent for you while this page stays open, and lost if it
            is closed before the network is back.
          </Alert>
        )}
        {needsPerson > 0 && (
          <Text size="sm" c="red.8">
            {needsPerson === 1 ? 'One of them needs' : `${needsPerson} of them need`} your review before it can be sent.
          </Text>
        )}
        {waiting && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">
              {online ? 'Sending…' : 'Waiting for the network…'} You will be signed out when they are sent.
            </Text>
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Stay signed in
          </Button>
          {!waiting && needsPerson === 0 && (
            <Button variant="light" onClick={() => setWaiting(true)}>
              Wait until they are sent
            </Button>
          )}
          <Button color={keepsThem ? undefined : 'red'} onClick={now}>
            {keepsThem ? 'Sign out now' : 'Sign out anyway'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
