import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatAge, formatDateTime, useClock, useNow } from '@/lib/intl';
import { recentChangesQueryOptions, type AuditEvent } from '@/features/people';
import { describeChange } from '../model/recent-changes';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';

const MINUTE = 60_000;

function ChangeItem({ event, now }: { event: AuditEvent; now: number }) {
  const line = describeChange(event);
  const clock = useClock();
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={6}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <b>{line.who}</b> {line.what}
        {line.whom && <b> {line.whom}</b>}
        {line.outcome && (
          <Badge ml="xs" color="red" variant="light" size="sm" radius="sm">
            {line.outcome}
          </Badge>
        )}
      </Text>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={event.at} title={formatDateTime(event.at, clock)}>
          {formatAge(Math.max(0, now - Date.parse(event.at)))}
        </time>
      </Text>
    </Group>
  );
}

/** The latest changes to accounts, profiles and enrollments from the audit log, with 'Show more'. */
export function RecentChanges() {
  const query = useInfiniteQuery(recentChangesQueryOptions());
  const now = useNow(MINUTE);
  // A refetch of the first page may repeat records a later page holds.
  const seen = new Set<number>();
  const events = (query.data?.pages ?? [])
    .flatMap((page) => page.results)
    .filter((event) => (seen.has(event.id) ? false : (seen.add(event.id), true)));

  return (
    <PanelCard title="Recent changes" gap="sm" padding="lg">
      {query.data ? (
        events.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes yet.
          </Text>
        ) : (
          <PlainList label="Recent changes">
            {events.map((event) => (
              <ChangeItem key={event.id} event={event} now={now} />
            ))}
          </PlainList>
        )
      ) : query.isError ? null : query.fetchStatus === 'paused' ? (
        <Text size="sm" c="dimmed">
          You are offline. Recent changes show when the connection is back.
        </Text>
      ) : (
        <Stack gap="xs" aria-busy>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={18} radius="sm" />
          ))}
        </Stack>
      )}
      {query.isError && (
        <QueryErrorAlert
          title="Recent changes could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Show more
        </Button>
      )}
    </PanelCard>
  );
}
