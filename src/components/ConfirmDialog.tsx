import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Asks before something that cannot be taken back (throwing away changes,
 * removing a record, signing out): what happens, the safe choice first and
 * focused, and the act in its warning colour. Closing the dialog is the safe
 * choice, except while the act is under way.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  keepLabel,
  actLabel,
  onKeep,
  onAct,
  color = 'red',
  acting = false,
}: {
  opened: boolean;
  title: string;
  /** What the act does: a sentence, or more. */
  children: ReactNode;
  keepLabel: string;
  actLabel: string;
  onKeep: () => void;
  onAct: () => void;
  color?: MantineColor;
  /** The act is under way: its button shows it, and nothing else can be pressed. */
  acting?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={() => !acting && onKeep()} title={title} centered>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} disabled={acting} data-autofocus>
            {keepLabel}
          </Button>
          <Button color={color} onClick={onAct} loading={acting}>
            {actLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
