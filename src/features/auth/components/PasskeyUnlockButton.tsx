import { Button, Stack, Text } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { UNLOCK_MESSAGES } from '../model/unlock';
import type { PasskeyOption } from './UnlockScreen';

/** The unlock screen's other way in, where the person turned passkey unlock on for this device. */
export default function PasskeyUnlockButton({ option, disabled }: { option: PasskeyOption; disabled: boolean }) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" ta="center">
        or
      </Text>
      <Button
        variant="light"
        fullWidth
        leftSection={<IconFingerprint size={22} stroke={1.75} aria-hidden />}
        loading={option.pending}
        disabled={disabled}
        onClick={option.onUnlock}
      >
        Unlock with passkey
      </Button>
      <Text size="sm" c="dimmed">
        {UNLOCK_MESSAGES.passkeyHint}
      </Text>
    </Stack>
  );
}
