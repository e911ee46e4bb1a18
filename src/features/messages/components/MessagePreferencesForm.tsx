import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { MESSAGE_TOPICS, QUIET_HOURS_END, QUIET_HOURS_START } from '@contract';
import { CheckCard } from '@/components/signed-in/CheckCard';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { isApiError } from '@/lib/api';
import { useSaveMessagePreferences, type MessagePreferences } from '../api/queries';

/**
 * How a client hears from the clinic: e-mail, SMS, both or neither, for each kind of message. Passwords
 * and the clinic's own alerts are not the client's to turn off, and are not listed.
 */
export function MessagePreferencesForm({ clientId, saved }: { clientId: string; saved: MessagePreferences }) {
  const [draft, setDraft] = useState<MessagePreferences>(saved);
  const save = useSaveMessagePreferences(clientId);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = (topic: keyof MessagePreferences, channel: 'email' | 'sms', on: boolean) =>
    setDraft((current) => ({ ...current, [topic]: { ...current[topic], [channel]: on } }));

  return (
    <Stack gap="sm">
      <Table aria-label="How the clinic reaches you" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Message</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>SMS</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {MESSAGE_TOPICS.map(({ topic, label }) => (
            <Table.Tr key={topic}>
              <Table.Td>{label}</Table.Td>
              {(['email', 'sms'] as const).map((channel) => (
                <Table.Td key={channel}>
                  <CheckCard
                    aria-label={`${label} by ${channel === 'email' ? 'e-mail' : 'SMS'}`}
                    checked={draft[topic][channel]}
                    onChange={(checked) => set(topic, channel, checked)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        No SMS between {QUIET_HOURS_START} and {QUIET_HOURS_END} at your clinic: one due then waits for the morning.
      </Text>
      <Group>
        <Button
          disabled={!changed || save.isPending}
          loading={save.isPending}
          onClick={() =>
            save.mutate(draft, {
              onSuccess: () => toastSuccess('Your choices are saved.'),
              onError: (error) =>
                toastFailure(
                  isApiError(error) && error.problem?.detail
                    ? error.problem.detail
                    : 'Your choices could not be saved. Please try again.',
                  'Nothing was changed',
                ),
            })
          }
        >
          Save choices
        </Button>
      </Group>
    </Stack>
  );
}
