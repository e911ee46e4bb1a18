import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Reauthentication } from '@contract';
import { confirmPerson, type ConfirmWith } from '@/lib/storage/confirm-person';
import { keyringQueries } from '../model/keyring-queries';

export const CONFIRM_IDENTITY_MESSAGES = {
  wrongPassword: 'That is not your password. Nothing was signed; try again.',
  passkeyRefused: 'Your passkey did not confirm it is you. Nothing was signed; use your password instead.',
  notHere:
    'This device keeps nothing of yours to check your password against (a kiosk, or the tries were used up). Sign on a tablet where you signed in.',
} as const;

/**
 * A step that must be the signed-in person's own (signing a clinical record):
 * they show it is them there and then, with their password or the passkey of
 * the unlock screen, checked on this device against their own sealed key, so
 * it works offline and on a shared tablet proves the one signing is the one
 * signed in. Nothing is counted or changed by a wrong try; `onConfirmed` runs
 * only once the check has passed, told how.
 */
export function ConfirmIdentity({
  username,
  action,
  disabled = false,
  onConfirmed,
}: {
  username: string;
  /** The button's words: what confirming does ('Sign and lock'). */
  action: string;
  disabled?: boolean;
  onConfirmed: (how: Reauthentication) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const checkable = useQuery(keyringQueries.usable(username));
  const passkey = useQuery(keyringQueries.passkey(username));
  const confirm = useMutation({
    // Checked on the device alone: signing must work at a bay without Wi-Fi.
    networkMode: 'always',
    mutationFn: async (how: ConfirmWith): Promise<'ok' | 'refused'> => {
      if (!(await confirmPerson(username, how))) return 'refused';
      await onConfirmed('password' in how ? 'password' : 'passkey');
      return 'ok';
    },
  });
  const refusedWith = confirm.data === 'refused' ? confirm.variables : undefined;
  const error =
    refusedWith === undefined
      ? undefined
      : 'password' in refusedWith
        ? CONFIRM_IDENTITY_MESSAGES.wrongPassword
        : CONFIRM_IDENTITY_MESSAGES.passkeyRefused;

  if (checkable.data === false) {
    return (
      <Alert color="orange" variant="light" title="Signing is not possible on this device">
        {CONFIRM_IDENTITY_MESSAGES.notHere}
      </Alert>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (password !== '') confirm.mutate({ password });
      }}
    >
      <Stack gap="sm">
        <PasswordInput
          label="Your password"
          description="To confirm it is you signing. Checked on this device, so it works offline."
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={refusedWith && 'password' in refusedWith ? error : undefined}
          disabled={disabled}
          data-autofocus
        />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending} disabled={disabled || password === ''}>
            {action}
          </Button>
          {passkey.data && (
            <Button
              variant="default"
              leftSection={<IconFingerprint size={18} aria-hidden />}
              disabled={disabled || confirm.isPending}
              onClick={() => confirm.mutate({ passkey: true })}
            >
              {action} with passkey
            </Button>
          )}
        </Group>
        {refusedWith && 'passkey' in refusedWith && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </form>
  );
}
