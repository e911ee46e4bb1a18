import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { clientMessagesQueryOptions, messagePreferencesQueryOptions } from '../api/queries';
import { MessageList } from './MessageList';
import { MessagePreferencesForm } from './MessagePreferencesForm';

/** The client's own page of what the clinic sent it, and how it wants to hear from the clinic. */
export function ClientMessages({ clientId }: { clientId: string }) {
  const preferences = useQuery(messagePreferencesQueryOptions(clientId));
  const messages = useQuery(clientMessagesQueryOptions(clientId));
  const unavailable = (
    <Text size="sm" c="dimmed">
      Not available right now. Please try again when you are online.
    </Text>
  );
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="message-choices">
        <Stack gap="sm">
          <Title order={2} size="h4" id="message-choices">
            How the clinic reaches you
          </Title>
          {preferences.data ? (
            <MessagePreferencesForm
              key={JSON.stringify(preferences.data)}
              clientId={clientId}
              saved={preferences.data}
            />
          ) : preferences.isError ? (
            unavailable
          ) : null}
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="messages-sent">
        <Stack gap="sm">
          <Title order={2} size="h4" id="messages-sent">
            Messages from the clinic
          </Title>
          {messages.data ? (
            <MessageList messages={messages.data.results} showSubject />
          ) : messages.isError ? (
            unavailable
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
