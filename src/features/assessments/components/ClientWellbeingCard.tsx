import { Badge, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { who5Meaning } from '@contract';
import { clientAssessmentsQueryOptions } from '../api/queries';
import { formatDate, useClock } from '@/lib/intl';
import { TOUCH_TARGET } from '@/config/touch';
import { NotShown, withheld } from '@/components/signed-in/NotShown';
import { PanelCard } from '@/components/signed-in/PanelCard';

/**
 * For staff on a client's page: the client's latest Thrive check, flagged
 * when it needs attention, and whether a cognitive baseline exists.
 */
export function ClientWellbeingCard({ clientId }: { clientId: string }) {
  const clock = useClock();
  const checks = useQuery(clientAssessmentsQueryOptions(clientId, 'who5'));
  const runs = useQuery(clientAssessmentsQueryOptions(clientId, 'cognitive'));
  const latest = checks.data?.results[0];
  const baseline = runs.data?.results.find((run) => run.baseline);
  return (
    <PanelCard title="Thrive check and cognitive baseline" gap={6}>
      {checks.isPending || runs.isPending ? (
        checks.fetchStatus === 'paused' ? (
          <Text size="sm" c="dimmed">
            Not saved on this device; shown when the connection returns.
          </Text>
        ) : (
          <Skeleton height={TOUCH_TARGET} />
        )
      ) : checks.isError || runs.isError ? (
        <Text size="sm" c="dimmed">
          The client’s results could not be loaded just now.
        </Text>
      ) : (
        <>
          {latest && withheld(latest, 'score') ? (
            <Text size="sm">
              Latest Thrive check: taken on {formatDate(latest.taken_at, clock)}; its score: <NotShown />
            </Text>
          ) : latest?.score != null ? (
            <Text size="sm">
              Latest Thrive check: <strong>{latest.score} / 100</strong> on {formatDate(latest.taken_at, clock)}{' '}
              {latest.alert && (
                <Badge color="red" variant="light" style={{ '--badge-color': 'var(--mantine-color-dark-7)' }}>
                  Needs attention
                </Badge>
              )}
              {!latest.alert && who5Meaning(latest.score).band === 'low' && ' (low)'}
            </Text>
          ) : (
            <Text size="sm">No Thrive check yet.</Text>
          )}
          <Text size="sm">
            {baseline
              ? `Cognitive baseline set on ${formatDate(baseline.taken_at, clock)}.`
              : 'No cognitive baseline yet.'}
          </Text>
        </>
      )}
    </PanelCard>
  );
}
