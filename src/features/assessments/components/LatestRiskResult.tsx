import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RISK_CATEGORY_LABELS } from '@contract';
import { NotShown, withheld } from '@/components/signed-in/NotShown';
import { TOUCH_TARGET } from '@/config/touch';
import { formatDate, useClock } from '@/lib/intl';
import { clientAssessmentsQueryOptions } from '../api/queries';

/** The latest cardiovascular risk result shared with the client, as staff see it on the client's pages. */
export function LatestRiskResult({ clientId }: { clientId: string }) {
  const clock = useClock();
  const shared = useQuery(clientAssessmentsQueryOptions(clientId, 'cardiovascular_risk'));
  const latest = shared.data?.results[0];
  if (shared.isPending) {
    return shared.fetchStatus === 'paused' ? (
      <Text size="sm" c="dimmed">
        The latest risk result is not saved on this device; it shows when the connection returns.
      </Text>
    ) : (
      <Skeleton height={TOUCH_TARGET} />
    );
  }
  if (shared.isError) {
    return (
      <Text size="sm" c="dimmed">
        The latest risk result could not be loaded just now.
      </Text>
    );
  }
  if (!latest) return <Text size="sm">No risk result has been shared with the client yet.</Text>;
  const result = latest.cardiovascular_risk_result;
  if (withheld(latest, 'cardiovascular_risk_result') || !result) {
    return (
      <Text size="sm">
        Latest result shared on {formatDate(latest.taken_at, clock)}; its value: <NotShown />
      </Text>
    );
  }
  return (
    <Text size="sm">
      Latest result shared on {formatDate(latest.taken_at, clock)}:{' '}
      <strong>{result.risk_percentage} % 10-year risk</strong> ({RISK_CATEGORY_LABELS[result.category].toLowerCase()}
      ).
    </Text>
  );
}
