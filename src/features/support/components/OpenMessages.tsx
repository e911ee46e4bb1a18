import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatElapsed } from '@/lib/intl';
import { isApiError } from '@/lib/api';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { threadsQueryOptions } from '../api/queries';
import { ThreadView } from './ThreadView';

/**
 * For the hub: the clinic's messages waiting for an answer, the longest
 * waiting first; each opens its thread to answer it (through the outbox).
 */
export function OpenMessages({ clinicId, now }: { clinicId: string; now: number }) {
  const open = useQuery(threadsQueryOptions({ status: 'open', clinic: clinicId, limit: 50 }));
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="hub-messages">
      <Stack gap="xs">
        <Title order={2} size="h4" id="hub-messages">
          Messages from clients{open.data ? ` (${open.data.results.length})` : ''}
        </Title>
        {open.isPending && open.fetchStatus === 'paused' ? (
          <Text size="sm" c="dimmed">
            Not known offline on this device yet.
          </Text>
        ) : open.isPending ? (
          <Skeleton height={44} />
        ) : open.isError ? (
          isApiError(open.error) && open.error.status === 403 ? (
            <Text size="sm" c="dimmed">
              {open.error.message}
            </Text>
          ) : (
            <QueryErrorAlert
              title="Messages could not be loaded"
              error={open.error}
              onRetry={() => void open.refetch()}
              retrying={open.isFetching}
            />
          )
        ) : open.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            Every message has its answer.
          </Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Messages waiting for an answer"
          >
            {open.data.results.map((thread) => (
              <Stack key={thread.id} component="li" gap={4}>
                <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {thread.subject}
                </Text>
                <Text size="sm" c="dimmed">
                  {thread.client_name}
                  {thread.reference_label ? ` · ${thread.reference_label}` : ''} · waiting{' '}
                  {formatElapsed(now - Date.parse(thread.last_message_at))}
                </Text>
                <Button
                  variant="light"
                  size="sm"
                  onClick={() => setOpenId(openId === thread.id ? null : thread.id)}
                  aria-expanded={openId === thread.id}
                  aria-label={`${openId === thread.id ? 'Close' : 'Answer'} ${thread.subject}`}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {openId === thread.id ? 'Close' : 'Answer'}
                </Button>
                {openId === thread.id && (
                  <ThreadView threadId={thread.id} subject={thread.subject} side="clinic" onServer />
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
