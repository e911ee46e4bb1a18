import { Badge, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { who5Meaning, type Assessment } from '@contract';
import { clientAssessmentsQueryOptions } from '../api/queries';
import { formatDate, useClock } from '@/lib/intl';
import { TOUCH_TARGET } from '@/config/touch';
import { NotShown, withheld } from '@/components/signed-in/NotShown';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { Who5TrendChart } from './Who5TrendChart';

/** Whether someone recorded reaching the client about `check` (the roles that read its alert read its contacts). */
function reached(check: Pick<Assessment, 'contacts'>): boolean {
  return (check.contacts ?? []).some((contact) => contact.outcome === 'reached');
}

/**
 * For staff on a client's page: the client's latest Thrive check, flagged
 * when it needs attention, its trend, and whether a cognitive baseline exists.
 */
export function ClientWellbeingCard({ clientId }: { clientId: string }) {
  const clock = useClock();
  const checks = useQuery(clientAssessmentsQueryOptions(clientId, 'who5'));
  const runs = useQuery(clientAssessmentsQueryOptions(clientId, 'cognitive'));
  const latest = checks.data?.results[0];
  const baseline = runs.data?.results.find((run) => run.baseline);
  // Oldest first; a check whose score this role does not read is left out of the trend.
  const trend = (checks.data?.results ?? [])
    .flatMap((check) => (typeof check.score === 'number' ? [{ at: check.taken_at, value: check.score }] : []))
    .reverse();
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
              {latest.alert && !reached(latest) && (
                <Badge color="red" variant="light" style={{ '--badge-color': 'var(--mantine-color-dark-7)' }}>
                  Needs attention
                </Badge>
              )}
              {latest.alert && reached(latest) && ' (client reached)'}
              {!latest.alert && who5Meaning(latest.score).band === 'low' && ' (low)'}
            </Text>
          ) : (
            <Text size="sm">No Thrive check yet.</Text>
          )}
          {trend.length > 1 && (
            <Who5TrendChart
              label="The client’s Thrive check scores over time, 0 to 100"
              summary={`${trend.length} checks from ${formatDate(trend[0]!.at, clock)} to ${formatDate(trend.at(-1)!.at, clock)}, from ${trend[0]!.value} to ${trend.at(-1)!.value}.`}
              points={trend}
            />
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
