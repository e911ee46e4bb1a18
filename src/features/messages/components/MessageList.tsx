import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateTime, useClock } from '@/lib/intl';
import type { Message } from '../api/queries';
import { CHANNEL_LABELS, KIND_LABELS, STATUS_LABELS } from '../model/labels';

/** Why a message did not go, or when it goes: the server's own words. */
function statusNote(message: Message, clock: ReturnType<typeof useClock>): string | null {
  if (message.status === 'pending' && message.next_attempt_at) {
    return `${message.reason ? `${message.reason} ` : ''}Next try ${formatDateTime(message.next_attempt_at, clock)}.`;
  }
  return message.status === 'failed' || message.status === 'skipped' ? message.reason : null;
}

/**
 * Messages the clinic sent, newest first: what, by which channel, to which (partly hidden) address, and
 * whether it went out or why not. `showSubject` shows what each was about (the client's own list).
 */
export function MessageList({
  messages,
  showSubject = false,
}: {
  messages: readonly Message[];
  showSubject?: boolean;
}) {
  const clock = useClock();
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing sent yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {messages.map((message) => {
        const status = STATUS_LABELS[message.status];
        const note = statusNote(message, clock);
        return (
          <Stack key={message.id} gap={2} component="li">
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {KIND_LABELS[message.kind]}
              </Text>
              <Text size="sm" c="dimmed">
                {CHANNEL_LABELS[message.channel]} to {message.to}
              </Text>
              <Badge color={status.color} variant="light" size="sm">
                {status.label}
              </Badge>
            </Group>
            {showSubject && <Text size="sm">{message.subject}</Text>}
            <Text size="xs" c="dimmed">
              {formatDateTime(message.sent_at ?? message.created_at, clock)}
              {note ? ` · ${note}` : ''}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
