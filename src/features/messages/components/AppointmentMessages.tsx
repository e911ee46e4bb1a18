import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { appointmentMessagesQueryOptions } from '../api/queries';
import { MessageList } from './MessageList';

/** Whether an appointment's confirmation, reminder and notices went out, or why not (staff). */
export function AppointmentMessages({ appointmentId }: { appointmentId: string }) {
  const { data, isError } = useQuery(appointmentMessagesQueryOptions(appointmentId));
  return (
    <Stack gap="xs" aria-label="Messages to the client">
      <Text size="sm" c="dimmed">
        Messages to the client
      </Text>
      {isError ? (
        <Text size="sm" c="dimmed">
          The messages could not be loaded.
        </Text>
      ) : data ? (
        <MessageList messages={data.results} />
      ) : (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      )}
    </Stack>
  );
}
