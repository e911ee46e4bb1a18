import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/QueryState';
import { labMeasure } from '@contract';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { TrendChart } from '@/components/TrendChart';
import { dateOn, formatDate, formatDateTime, useClock } from '@/lib/intl';
import { clientResultsQueryOptions } from '../api/queries';
import type { Result } from '../api/changes';
import type { components } from '@contract';

type ResultList = components['schemas']['ResultList'];
import { LabReportDownload } from './LabReportDownload';
import { LabValues } from './LabValues';
import { measuresIn, trendOf, trendScale, valueWithUnit } from '../model/reading';

/** One measure over time, with its range shaded, once there are two values to join. */
function MeasureTrend({ results, loinc }: { results: readonly Result[]; loinc: string }) {
  const clock = useClock();
  const measure = labMeasure(loinc);
  const points = trendOf(results, loinc);
  if (!measure || points.length < 2) return null;
  const { range } = measure;
  const scale = trendScale(
    points.map((point) => point.value),
    range,
    measure.decimals,
  );
  const bands = [
    ...(range.low !== null
      ? [{ to: range.low, label: 'below the range', color: 'var(--mantine-color-yellow-0)' }]
      : []),
    { to: range.high ?? scale.max, label: 'the range', color: 'var(--mantine-color-green-0)' },
    ...(range.high !== null
      ? [{ to: scale.max, label: 'above the range', color: 'var(--mantine-color-orange-0)' }]
      : []),
  ];
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <Card withBorder radius="lg" padding="md" className="report-block">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {measure.label} ({measure.unitLabel})
        </Title>
        <TrendChart
          points={points}
          min={scale.min}
          max={scale.max}
          ticks={scale.ticks}
          bands={bands}
          label={`${measure.label} over time`}
          summary={`From ${valueWithUnit({ loinc, value: first.value, unit: measure.unit })} on ${formatDate(first.at, clock)} to ${valueWithUnit({ loinc, value: last.value, unit: measure.unit })} on ${formatDate(last.at, clock)}.`}
        />
      </Stack>
    </Card>
  );
}

/**
 * The portal's lab results: the tests whose result is still pending, each
 * released result with its values against their ranges in plain words, the
 * doctor's note and the lab's original report (PDF) when one is attached, and
 * each measure's trend over the earlier results. Only what
 * a doctor released reaches the client (the API decides that).
 */
export function ClientLabReports({
  clientId,
  since = null,
}: {
  clientId: string;
  /** Only results whose sample was taken on or after this day (`YYYY-MM-DD`, the clinic's calendar); pending ones always. */
  since?: string | null;
}) {
  // Loaded here, not by the route: the sign-in and unlock screens carry no code of it.
  const results = useQuery(clientResultsQueryOptions(clientId));
  return (
    <QueryState query={results} what="Your lab results">
      {(data) => <LabReports data={data} since={since} />}
    </QueryState>
  );
}

function LabReports({ data, since }: { data: ResultList; since: string | null }) {
  const clock = useClock();
  const released = data.results.filter(
    (result) => result.released && (since === null || dateOn(result.collected_at, clock) >= since),
  );
  // The newest result of each test in full; the earlier ones live on in the trends.
  const newest = released.filter(
    (result, index) => released.findIndex((r) => r.test_name === result.test_name) === index,
  );
  const earlierOf = (shown: Result) =>
    released.filter((result) => result.test_name === shown.test_name && result.id !== shown.id);
  const trends = measuresIn(released).filter((loinc) => trendOf(released, loinc).length > 1);
  return (
    <Stack gap="md">
      {data.pending.map((pending) => (
        <Card
          key={pending.appointment_id}
          withBorder
          radius="lg"
          padding="md"
          component="article"
          aria-label={`${pending.test_name}: result pending`}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text>
              <Text span fw={600}>
                {pending.test_name}
              </Text>
              , taken {formatDateTime(pending.starts_at, clock)}
            </Text>
            <TintBadge color="gray">Result pending</TintBadge>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            Your result shows here once the lab has reported and a doctor has looked at it.
          </Text>
        </Card>
      ))}
      {released.length === 0 && data.pending.length === 0 && (
        <Card withBorder radius="lg" padding="md">
          <Text size="sm" c="dimmed">
            {since === null
              ? 'No lab results yet. When you book a test, its result shows here once a doctor has released it.'
              : 'No lab results in this period.'}
          </Text>
        </Card>
      )}
      {newest.map((result) => (
        <Card
          key={result.id}
          withBorder
          radius="lg"
          padding="md"
          className="report-block"
          component="article"
          aria-labelledby={`lab-${result.id}`}
        >
          <Stack gap="sm">
            <Stack gap={2}>
              <Title order={3} size="h4" id={`lab-${result.id}`}>
                {result.test_name}
              </Title>
              <Text size="sm" c="dimmed">
                Sample taken {formatDate(result.collected_at, clock)}
                {result.lab ? `, analysed by ${result.lab}` : ''}
                {result.released_by_name ? `; released by ${result.released_by_name}` : ''}
                {result.released_at ? ` on ${formatDate(result.released_at, clock)}` : ''}.
              </Text>
            </Stack>
            {result.release_note && (
              <Text
                size="sm"
                p="sm"
                bg="var(--mantine-color-gray-0)"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              >
                <Text span fw={600}>
                  Your doctor’s note:
                </Text>{' '}
                {result.release_note}
              </Text>
            )}
            <LabValues observations={result.observations ?? []} plain />
            {result.report && <LabReportDownload result={result} report={result.report} />}
            {earlierOf(result).length > 0 && (
              <Text size="sm" c="dimmed">
                Earlier results of this test:{' '}
                {earlierOf(result)
                  .map((earlier) => formatDate(earlier.collected_at, clock))
                  .join(', ')}
                ; their values are in the trends below.
              </Text>
            )}
          </Stack>
        </Card>
      ))}
      {trends.length > 0 && (
        <Stack gap="sm">
          <Title order={3} size="h4">
            Over time
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {trends.map((loinc) => (
              <MeasureTrend key={loinc} results={released} loinc={loinc} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
