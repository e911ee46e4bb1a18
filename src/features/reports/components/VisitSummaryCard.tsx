import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { THERAPY_INFO, type VisitSummary } from '@contract';
import { useClinicClock } from '@/features/clinics';
import { formatDate } from '@/lib/intl';
import { signedVisitQueryOptions } from '../api/visit';
import { keyReadings } from '../model/readings';
import { Term } from '@/components/signed-in/Term';

/**
 * One signed visit, compact: the therapy, when, who signed it, the readings
 * that say what the session was, and any addenda (corrections made after
 * signing). The full record is the clinic's.
 */
export function VisitSummaryCard({ summary }: { summary: VisitSummary }) {
  const headingId = useId();
  const full = useQuery(signedVisitQueryOptions(summary.id));
  const info = THERAPY_INFO[summary.therapy];
  // The day of the visit at its clinic.
  const clock = useClinicClock({ id: summary.clinic_id });
  const readings = full.data ? keyReadings(full.data) : [];
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="article"
      aria-labelledby={headingId}
      className="report-block"
      // The portal's past visits link here by this anchor.
      id={`visit-${summary.id}`}
      style={{ scrollMarginTop: 72 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={headingId}>
            {info.name}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDate(summary.appointment_ends_at ?? summary.signed_at ?? summary.created_at, clock, {
              weekday: 'long',
            })}
          </Text>
        </Group>
        <Text size="sm">
          {summary.clinic_name ? `${summary.clinic_name}. ` : ''}Signed by {summary.signed_by_name ?? 'the clinic'}
          {summary.signed_at ? ` on ${formatDate(summary.signed_at, clock, { weekday: 'long' })}` : ''}.
        </Text>
        {full.isPending ? (
          full.fetchStatus === 'paused' ? (
            <Text size="sm" c="dimmed">
              The readings show when you are back online.
            </Text>
          ) : (
            <Skeleton height={36} />
          )
        ) : full.isError ? (
          <Text size="sm" c="dimmed">
            The readings of this visit could not be loaded just now.
          </Text>
        ) : (
          <>
            {readings.length > 0 && (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={4}>
                {readings.map((reading) => (
                  <Term key={reading.label} label={reading.label} size="sm">
                    {reading.value}
                  </Term>
                ))}
              </SimpleGrid>
            )}
            {(full.data.reactions ?? []).length > 0 && (
              <Text size="sm">
                Reactions noted:{' '}
                {(full.data.reactions ?? []).map((reaction) => `${reaction.what} (${reaction.severity})`).join('; ')}.
              </Text>
            )}
            {(full.data.addenda ?? []).length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={700}>
                  Addenda
                </Text>
                {(full.data.addenda ?? []).map((addendum) => (
                  <Text key={addendum.id} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {addendum.text}{' '}
                    <Text span size="xs" c="dimmed">
                      ({addendum.author_name}, {formatDate(addendum.created_at, clock, { weekday: 'long' })})
                    </Text>
                  </Text>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
