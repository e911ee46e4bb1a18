import { Card, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/QueryState';
import { toastFailure } from '@/components/toasts';
import { useHere } from '@/components/useHere';
import { dateOn, useClock } from '@/lib/intl';
import { followAdvice, useShownAdvice, type Advice, type ShownAdvice } from '../api/changes';
import { clientAdvicesQueryOptions } from '../api/queries';
import { AdviceCard } from './AdviceCard';

const NONE: readonly Advice[] = [];

/**
 * The portal's advice from the care team: the client acknowledges each piece
 * and ticks its steps off, through the outbox (offline too); each shows at
 * once, marked until the server has it.
 */
export function ClientAdvice({
  clientId,
  since = null,
}: {
  clientId: string;
  /** Only advice written on or after this day (`YYYY-MM-DD`, the clinic's calendar). */
  since?: string | null;
}) {
  const here = useHere();
  const clock = useClock();
  const advices = useQuery(clientAdvicesQueryOptions(clientId));
  const shown = useShownAdvice(advices.data?.results ?? NONE, clientId).filter(
    (advice) => since === null || dateOn(advice.created_at, clock) >= since,
  );

  function follow(advice: ShownAdvice, change: { acknowledged?: true; done?: Record<string, boolean> }): void {
    followAdvice(advice, change, { link: here() }).catch(() =>
      toastFailure('That could not be kept on this device. Please try again.'),
    );
  }

  return (
    <QueryState query={advices} what="Your care team’s advice">
      {() =>
        shown.length === 0 ? (
          <Card withBorder radius="lg" padding="md">
            <Text size="sm" c="dimmed">
              {since === null ? 'No advice from your care team yet.' : 'No advice from your care team in this period.'}
            </Text>
          </Card>
        ) : (
          <Stack gap="sm">
            {shown.map((advice) => (
              <AdviceCard
                key={advice.id}
                advice={advice}
                follow={{
                  acknowledge: () => follow(advice, { acknowledged: true }),
                  tick: (stepId, done) => follow(advice, { done: { [stepId]: done } }),
                }}
              />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}
