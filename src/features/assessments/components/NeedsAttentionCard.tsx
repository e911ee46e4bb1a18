import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { WHO5_ALERT_MAX } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { formatDate, useClock } from '@/lib/intl';
import { ATTENTION_WINDOW_DAYS, needsAttentionQueryOptions } from '../api/attention';
import { ClientLink } from '@/features/people';

/**
 * The hub's 'Needs attention': clients whose newest Thrive check, taken in
 * the last four weeks, scored 28 or less and whom nobody has reached about it
 * yet. Each opens the client's page, where whoever reaches out records it. A
 * score, never a diagnosis.
 */
export function NeedsAttentionCard() {
  const clock = useClock();
  const flagged = useQuery(needsAttentionQueryOptions());
  return (
    <PanelCard title="Needs attention" gap="xs">
      <Text size="sm" c="dimmed">
        Clients whose latest Thrive check (last {ATTENTION_WINDOW_DAYS} days) scored {WHO5_ALERT_MAX} or less out of
        100, not yet reached. Reach out to them, and record it on their page.
      </Text>
      <QueryState query={flagged} what="The Thrive check alerts">
        {(data) =>
          data.results.length === 0 ? (
            <Text size="sm">No client is waiting to be reached about a low Thrive check.</Text>
          ) : (
            <PlainList label="Clients needing attention">
              {data.results.map((result) => (
                <Group key={result.id} component="li" justify="space-between" wrap="nowrap" gap="sm" py={6}>
                  <ClientLink clientId={result.client_id} size="sm">
                    {result.client_name}
                  </ClientLink>
                  <Text size="sm" ta="right">
                    <Text span fw={700}>
                      {result.score}
                    </Text>{' '}
                    / 100 on {formatDate(result.taken_at, clock)}
                  </Text>
                </Group>
              ))}
            </PlainList>
          )
        }
      </QueryState>
    </PanelCard>
  );
}
