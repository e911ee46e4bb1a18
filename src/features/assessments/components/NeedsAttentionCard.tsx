import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { WHO5_ALERT_MAX } from '@contract';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { AnchorLink } from '@/components/RouterLinks';
import { ATTENTION_WINDOW_DAYS, needsAttentionQueryOptions } from '../api/attention';
import { formatDate, useClock } from '@/lib/intl';

/**
 * The hub's 'Needs attention': clients whose newest Thrive check, taken in
 * the last four weeks, scored 28 or less. Each opens the client's page, so
 * someone can reach out. A score, never a diagnosis.
 */
export function NeedsAttentionCard() {
  const clock = useClock();
  const flagged = useQuery(needsAttentionQueryOptions());
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="hub-attention">
      <Stack gap="xs">
        <Title order={2} size="h4" id="hub-attention">
          Needs attention
        </Title>
        <Text size="sm" c="dimmed">
          Clients whose latest Thrive check (last {ATTENTION_WINDOW_DAYS} days) scored {WHO5_ALERT_MAX} or less out of
          100. Reach out to them.
        </Text>
        {flagged.isPending && flagged.fetchStatus === 'paused' ? (
          <Text size="sm" c="dimmed" role="status">
            You are offline, and this list has not been saved on this device yet.
          </Text>
        ) : flagged.isPending ? (
          <Skeleton height={44} />
        ) : flagged.isError && !flagged.data ? (
          <QueryErrorAlert
            title="Thrive check alerts could not be loaded"
            error={flagged.error}
            onRetry={() => void flagged.refetch()}
            retrying={flagged.isFetching}
          />
        ) : flagged.data.results.length === 0 ? (
          <Text size="sm">No client needs attention for a low Thrive check.</Text>
        ) : (
          <Stack
            gap={0}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Clients needing attention"
          >
            {flagged.data.results.map((result) => (
              <Group key={result.id} component="li" justify="space-between" wrap="nowrap" gap="sm" py={6}>
                <AnchorLink
                  to="/client/discovery/$clientId"
                  params={{ clientId: result.client_id }}
                  fw={700}
                  size="sm"
                  display="flex"
                  mih={44}
                  style={{ alignItems: 'center' }}
                >
                  {result.client_name}
                </AnchorLink>
                <Text size="sm" ta="right">
                  <Text span fw={700}>
                    {result.score}
                  </Text>{' '}
                  / 100 on {formatDate(result.taken_at, clock)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
