import { Alert, Text } from '@mantine/core';
import type { OutboxItem } from '@/lib/outbox';

/**
 * Above a profile with changes of the person's that have not reached the
 * server: that they are kept on this device, or, when one was refused or met
 * someone else's change, why, and where to deal with it (the sync line).
 */
export function UnsentNotice({ items }: { items: readonly OutboxItem[] }) {
  if (items.length === 0) return null;
  const stuck = items.find((item) => item.state === 'failed' || item.state === 'conflict');
  if (stuck) {
    return (
      <Alert
        color={stuck.state === 'conflict' ? 'orange' : 'red'}
        variant="light"
        title="A change of yours is not saved"
      >
        <Text size="sm">
          {stuck.reason ?? 'The server did not accept it.'} Open your unsent changes (at the top of the page) to deal
          with it.
        </Text>
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" role="status">
      Your latest changes are kept on this device and sent to the server as soon as it can be reached. They are marked
      below.
    </Text>
  );
}
