import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatElapsed } from '@/lib/intl';
import { isApiError } from '@/lib/api';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { threadsQueryOptions } from '../api/queries';
import { ThreadView } from './ThreadView';

/**
 * For the hub: the clinic's messages waiting for an answer, the longest
 * waiting first; each opens its thread to answer it (through the outbox).
 */
export function OpenMessages({ clinicId, now }: { clinicId: string; now: number }) {
  const open = useQuery(threadsQueryOptions({ status: 'open', clinic: clinicId, limit: 50 }));
  const [openId, setOpenId] = useState<string | null>(null);

  // A role that answers no clinic's messages is told so, not shown an error.
  const forbidden = isApiError(open.error) && open.error.status === 403 ? open.error.message : null;
  return (
    <PanelCard title={`Messages from clients${open.data ? ` (${open.data.results.length})` : ''}`} gap="xs">
      {forbidden ? (
        <Text size="sm" c="dimmed">
          {forbidden}
        </Text>
      ) : (
        <QueryState query={open} what="The messages">
          {(data) =>
            data.results.length === 0 ? (
              <Text size="sm" c="dimmed">
                Every message has its answer.
              </Text>
            ) : (
              <PlainList gap="sm" label="Messages waiting for an answer">
                {data.results.map((thread) => (
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
              </PlainList>
            )
          }
        </QueryState>
      )}
    </PanelCard>
  );
}
