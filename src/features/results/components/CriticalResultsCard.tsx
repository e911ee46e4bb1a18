import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { labMeasure } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { ClientLink } from '@/features/people';
import { formatDate, useClock } from '@/lib/intl';
import { CRITICAL_WINDOW_DAYS, criticalResultsQueryOptions } from '../api/queries';
import { valueWithUnit } from '../model/reading';

/**
 * The hub's critical lab values: results of the last two weeks holding a value
 * at or beyond a critical limit (openapi/results/lab-tests.ts), released or
 * not, so a nurse or doctor reaches the client, as for a very low Thrive check.
 */
export function CriticalResultsCard() {
  const clock = useClock();
  const critical = useQuery(criticalResultsQueryOptions());
  return (
    <PanelCard title="Critical lab values" gap="xs">
      <Text size="sm" c="dimmed">
        Lab results of the last {CRITICAL_WINDOW_DAYS} days with a value at a critical limit. Reach out to the client.
      </Text>
      <QueryState query={critical} what="The critical lab values">
        {(data) =>
          data.results.length === 0 ? (
            <Text size="sm">No critical lab values.</Text>
          ) : (
            <PlainList label="Critical lab values">
              {data.results.map((result) => (
                <Stack key={result.id} component="li" gap={0} py={4}>
                  <ClientLink clientId={result.client_id} size="sm">
                    {result.client_name}
                  </ClientLink>
                  <Text size="sm" c="dimmed">
                    {(result.observations ?? [])
                      .filter((observation) => observation.flag === 'critical')
                      .map(
                        (observation) =>
                          `${labMeasure(observation.loinc)?.label ?? observation.loinc} ${valueWithUnit(observation)}`,
                      )
                      .join(', ')}{' '}
                    on {formatDate(result.collected_at, clock)}
                    {result.released ? '' : ' (not released)'}
                  </Text>
                </Stack>
              ))}
            </PlainList>
          )
        }
      </QueryState>
    </PanelCard>
  );
}
