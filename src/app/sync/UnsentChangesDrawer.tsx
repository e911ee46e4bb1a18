import { Alert, Badge, Button, Card, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { outbox, type OutboxItem } from '@/lib/outbox';
import { useOnline } from '@/pwa/connection';
import { ConflictView } from './ConflictView';
import { STATE_LABELS, changedFieldLabels, madeWhen } from './describe';
import { useClock } from '@/lib/intl';

const STATE_COLORS: Readonly<Record<OutboxItem['state'], string>> = {
  waiting: 'blue',
  sending: 'blue',
  failed: 'red',
  conflict: 'orange',
};

function ChangeCard({
  item,
  now,
  onResolve,
}: {
  item: OutboxItem;
  now: number;
  onResolve: (item: OutboxItem) => void;
}) {
  const router = useRouter();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const fields = changedFieldLabels(item);
  const clock = useClock();
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={item.label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {item.label}
          </Text>
          <Badge color={STATE_COLORS[item.state]} variant="light" style={{ flexShrink: 0 }}>
            {STATE_LABELS[item.state]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {fields.length > 0 ? `${fields.join(', ')} · ` : ''}made {madeWhen(item.createdAt, now, clock)}
        </Text>
        {item.reason && (
          <Text size="sm" c={item.state === 'waiting' ? 'dimmed' : 'red.8'}>
            {item.reason}
          </Text>
        )}
        {confirmingDiscard ? (
          <Alert color="red" variant="light" title="Discard this change?">
            <Stack gap="sm">
              <Text size="sm">It has not reached the server. Once discarded it cannot be brought back.</Text>
              <Group gap="sm">
                <Button color="red" onClick={() => void outbox().discard(item.id)}>
                  Discard
                </Button>
                <Button variant="default" onClick={() => setConfirmingDiscard(false)}>
                  Keep it
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group gap="sm">
            {item.state === 'conflict' && item.current && <Button onClick={() => onResolve(item)}>Resolve</Button>}
            {(item.state === 'failed' || (item.state === 'conflict' && !item.current)) && (
              <Button variant="light" onClick={() => void outbox().retry(item.id)}>
                Retry
              </Button>
            )}
            {item.link && (
              <Button variant="default" onClick={() => void router.navigate({ href: item.link ?? '/' })}>
                Open
              </Button>
            )}
            <Button variant="subtle" color="red" onClick={() => setConfirmingDiscard(true)}>
              Discard
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The signed-in person's unsent changes, each with why it waits and what they can do about it. */
export default function UnsentChangesDrawer({
  items,
  opened,
  onClose,
}: {
  items: readonly OutboxItem[];
  opened: boolean;
  onClose: () => void;
}) {
  const online = useOnline();
  const phone = useMediaQuery('(max-width: 767.98px)');
  const [resolving, setResolving] = useState<string | null>(null);
  // Ages are read when the list opens; it is opened for a moment, not watched.
  const [openedAt] = useState(Date.now);
  const conflict = items.find((item) => item.id === resolving && item.current) ?? null;
  const waiting = items.some((item) => item.state === 'waiting');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={<Text fw={700}>Unsent changes</Text>}
    >
      <Stack gap="md">
        {items.length === 0 ? (
          <Text c="dimmed">All your changes are saved on the server.</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {online
                ? 'These changes are kept on this device until the server has them.'
                : 'You are offline. These changes are kept on this device and are sent when the connection returns.'}
            </Text>
            {online && waiting && (
              <Button variant="light" onClick={() => outbox().sendNow()} style={{ alignSelf: 'flex-start' }}>
                Send now
              </Button>
            )}
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <ChangeCard key={item.id} item={item} now={openedAt} onResolve={(it) => setResolving(it.id)} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
      {conflict && <ConflictView item={conflict} onClose={() => setResolving(null)} />}
    </Drawer>
  );
}
