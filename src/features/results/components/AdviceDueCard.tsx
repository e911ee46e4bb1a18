import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ADVICE_CATEGORY_LABELS } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { ClientLink } from '@/features/people';
import { formatDay, todayOn, useClock } from '@/lib/intl';
import { adviceDueQueryOptions } from '../api/queries';

/**
 * The hub's advice due for review today or earlier (on the clinic's clock):
 * the person's own first, then the care team's, each opening the client's page.
 */
export function AdviceDueCard({ username }: { username: string }) {
  const clock = useClock();
  const today = todayOn(clock);
  const due = useQuery(adviceDueQueryOptions(today));
  return (
    <PanelCard title="Advice due for review" gap="xs">
      <QueryState query={due} what="The advice due for review">
        {(data) => {
          const mine = (id: string) => id.toLowerCase() === username.toLowerCase();
          const ordered = [...data.results].sort((a, b) => Number(mine(b.author_id)) - Number(mine(a.author_id)));
          return ordered.length === 0 ? (
            <Text size="sm">No advice is due for review.</Text>
          ) : (
            <PlainList label="Advice due for review">
              {ordered.map((advice) => (
                <Stack key={advice.id} component="li" gap={0} py={4}>
                  <ClientLink clientId={advice.client_id} size="sm">
                    {advice.client_name}
                  </ClientLink>
                  <Text size="sm" c="dimmed">
                    {ADVICE_CATEGORY_LABELS[advice.category]}: {advice.title} ·{' '}
                    {mine(advice.author_id) ? 'yours' : advice.author_name}, due{' '}
                    {formatDay(advice.review_on, { year: false }, clock.locale)}
                  </Text>
                </Stack>
              ))}
            </PlainList>
          );
        }}
      </QueryState>
    </PanelCard>
  );
}
