import { Group, Loader, Text } from '@mantine/core';
import { IconCloudCheck, IconDeviceTabletCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TintBadge } from '@/components/signed-in/TintBadge';
import type { OutboxItem } from '@/lib/outbox';
import { useOnline } from '@/pwa/connection';

export function isSave(item: OutboxItem): boolean {
  return item.request.method === 'put';
}

export function isSignOff(item: OutboxItem): boolean {
  return item.request.path.endsWith('/sign');
}

/** Where the draft is: being typed, kept on this device, on the server, or held back with a reason. */
export function SaveState({
  saving,
  heldBack = false,
  unsent,
  onServer,
}: {
  /** Typed and not yet kept, or being kept. */
  saving: boolean;
  /** Something on screen is not kept: a check refuses it, and says so where it is. */
  heldBack?: boolean;
  unsent: readonly OutboxItem[];
  onServer: boolean;
}) {
  const online = useOnline();
  const held = unsent.find((item) => item.state === 'failed' || item.state === 'conflict');
  let shown: ReactNode;
  if (held) {
    shown = (
      <TintBadge color="red" size="lg">
        Not saved: {held.reason ?? 'the server refused it'}
      </TintBadge>
    );
  } else if (heldBack && !saving) {
    shown = (
      <TintBadge color="red" size="lg">
        Not saved: correct what is marked in red below
      </TintBadge>
    );
  } else if (saving) {
    shown = (
      <Group gap={6}>
        <Loader size="xs" />
        <Text size="sm">Saving…</Text>
      </Group>
    );
  } else if (unsent.length > 0) {
    shown = (
      <Group gap={6}>
        <IconDeviceTabletCheck size={18} aria-hidden />
        <Text size="sm">
          Saved on this device{online ? ', sending to the server' : '; sent when the network is back'}
        </Text>
      </Group>
    );
  } else if (onServer) {
    shown = (
      <Group gap={6}>
        <IconCloudCheck size={18} aria-hidden color="var(--mantine-color-teal-7)" />
        <Text size="sm">Saved to the server</Text>
      </Group>
    );
  } else {
    shown = (
      <Text size="sm" c="dimmed">
        Not started: the visit is kept as soon as anything is entered.
      </Text>
    );
  }
  return (
    <div role="status" aria-live="polite" data-testid="visit-save-state">
      {shown}
    </div>
  );
}
