import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { COGNITIVE_MEASURES, type CognitiveScores } from '@contract';
import type { ShownAssessment } from '../../api/changes';
import { formatDate, useClock } from '@/lib/intl';
import { ResultCard } from '../ResultCard';
import { Term } from '@/components/signed-in/Term';

/** What the tasks are, and are not: said wherever their results show. */
export function NotADiagnosis() {
  return (
    <Alert
      variant="light"
      color="gray"
      radius="md"
      icon={<IconInfoCircle size={20} aria-hidden />}
      title="Not a diagnosis"
    >
      <Text size="sm">
        These tasks show how your memory, attention and speed compare with your own earlier results. They cannot
        diagnose any condition, and a single result can move with sleep, stress or a busy day. If something worries you,
        talk to your care team.
      </Text>
    </Alert>
  );
}

function valueText(value: number | null, unit: string): string {
  if (value === null) return 'Not done';
  return unit === 'of 10' ? `${value} of 10` : `${value} ${unit}`;
}

/** The difference from the baseline, in words that say which way is better. */
function changeText(
  value: number | null,
  baseline: number | null,
  measure: (typeof COGNITIVE_MEASURES)[number],
): string {
  if (value === null || baseline === null) return '—';
  const difference = Math.round((value - baseline) * 10) / 10;
  if (difference === 0) return 'Same as baseline';
  const better = measure.better === 'higher' ? difference > 0 : difference < 0;
  const size = `${Math.abs(difference)} ${measure.unit === 'of 10' ? '' : measure.unit}`.trim();
  return `${difference > 0 ? '+' : '−'}${size} (${better ? 'better' : 'slower or fewer'})`;
}

/**
 * A run's results against the client's baseline (the first complete run),
 * measure by measure, with which way each is better. A list rather than a
 * table, so it reads on a phone without scrolling sideways.
 */
export function CognitiveResultCard({
  result,
  baseline,
  heading = 'Your latest results',
}: {
  result: ShownAssessment;
  baseline: ShownAssessment | undefined;
  heading?: string;
}) {
  const clock = useClock();
  const scores: CognitiveScores | null = result.cognitive_scores ?? null;
  const base = baseline && baseline.id !== result.id ? (baseline.cognitive_scores ?? null) : null;
  return (
    <ResultCard heading={heading} unsent={result.unsent}>
      <Text size="sm" c="dimmed">
        Taken on {formatDate(result.taken_at, clock)}.{' '}
        {result.baseline
          ? 'This is your baseline: later runs are shown against it.'
          : !result.complete
            ? 'Some parts were skipped, so this run is not compared as a whole.'
            : baseline
              ? `Compared with your baseline of ${formatDate(baseline.taken_at, clock)}.`
              : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
        {COGNITIVE_MEASURES.map((measure) => (
          <Term key={measure.key} label={measure.label}>
            <Text span fw={700}>
              {valueText(scores?.[measure.key] ?? null, measure.unit)}
            </Text>
            {base && (
              <Text span size="sm">
                {' '}
                · baseline {valueText(base[measure.key], measure.unit)} ·{' '}
                {changeText(scores?.[measure.key] ?? null, base[measure.key], measure)}
              </Text>
            )}
          </Term>
        ))}
      </SimpleGrid>
    </ResultCard>
  );
}

/** Every run so far, newest first, each with its measures on a line. */
export function CognitiveHistory({ results }: { results: readonly ShownAssessment[] }) {
  const clock = useClock();
  return (
    <ResultCard heading="Your cognitive results over time">
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Cognitive results over time">
        {results.map((result) => (
          <li key={result.id}>
            <Text size="sm" fw={700}>
              {formatDate(result.taken_at, clock)}
              {result.baseline ? ' (baseline)' : ''}
              {result.unsent ? ' (not yet on the server)' : ''}
            </Text>
            <Text size="sm">
              {COGNITIVE_MEASURES.map(
                (measure) =>
                  `${measure.label}: ${valueText(result.cognitive_scores?.[measure.key] ?? null, measure.unit)}`,
              ).join(' · ')}
            </Text>
          </li>
        ))}
      </Stack>
    </ResultCard>
  );
}
