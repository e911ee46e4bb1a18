import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { FormError } from '@/components/FormError';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useClinicClock } from '@/features/clinics';
import { formatDateTime } from '@/lib/intl';
import { useOutbox } from '@/lib/outbox';
import { replyToThread, threadRecord, unsentMessageOf } from '../api/changes';
import { threadQueryOptions } from '../api/queries';
import { ReplySchema } from '../schemas';
import { useHere } from '@/components/useHere';
import { GrowingTextarea } from '@/components/GrowingTextarea';

/**
 * One thread's messages, oldest first, with those written on this device and
 * not yet sent, and a reply form. `side` says whose words are "you".
 */
export function ThreadView({
  threadId,
  subject,
  side,
  onServer,
}: {
  threadId: string;
  subject: string;
  side: 'client' | 'clinic';
  /** False for a thread started on this device and not yet on the server. */
  onServer: boolean;
}) {
  const here = useHere();
  const thread = useQuery({ ...threadQueryOptions(threadId), enabled: onServer });
  // The thread's clinic's clock (before it is read, the screen's).
  const clock = useClinicClock({ id: thread.data?.thread.clinic_id });
  const { items } = useOutbox();
  const unsent = items
    .filter((item) => item.record === threadRecord(threadId))
    .map(unsentMessageOf)
    .filter((message) => message !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { text: '' },
    validate: schemaResolver(ReplySchema, { sync: true }),
    transformValues: (values) => v.parse(ReplySchema, values),
  });

  async function send({ text }: v.InferOutput<typeof ReplySchema>): Promise<void> {
    setProblem(null);
    try {
      await replyToThread({ threadId, text, subject }, here());
    } catch {
      setProblem('Your message could not be kept on this device. Please try again.');
      return;
    }
    form.reset();
  }

  return (
    <Stack gap="sm">
      {onServer && thread.isPending && thread.fetchStatus === 'paused' ? (
        <Text size="sm" c="dimmed">
          You are offline. The messages show once the connection returns.
        </Text>
      ) : onServer && thread.isPending ? (
        <Skeleton height={80} role="status" aria-label="Loading the messages" />
      ) : thread.isError ? (
        <QueryErrorAlert title="The messages could not be loaded" query={thread} />
      ) : (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Messages in ${subject}`}>
          {(thread.data?.messages ?? []).map((message) => {
            const mine = (side === 'clinic') === message.from_clinic;
            return (
              <Paper
                key={message.id}
                component="li"
                withBorder
                radius="md"
                p="sm"
                bg={message.from_clinic ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Text size="xs" c="dimmed">
                  {message.from_clinic ? `${message.author_name}, the clinic` : mine ? 'You' : message.author_name} ·{' '}
                  {formatDateTime(message.created_at, clock)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.text}
                </Text>
              </Paper>
            );
          })}
          {unsent.map((message) => (
            <Paper key={message.id} component="li" withBorder radius="md" p="sm">
              <TintBadge color="orange" radius="sm">
                Not yet sent
              </TintBadge>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <form noValidate aria-label={`Reply in ${subject}`} onSubmit={form.onSubmit((values) => void send(values))}>
        <Stack gap="xs">
          <FormError message={problem} />
          <GrowingTextarea
            label={side === 'clinic' ? 'Your answer' : 'Your reply'}
            minRows={2}
            maxRows={8}
            {...form.getInputProps('text')}
          />
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            {side === 'clinic' ? 'Send answer' : 'Send reply'}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
