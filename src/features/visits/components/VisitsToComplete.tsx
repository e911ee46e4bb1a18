import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { THERAPY_INFO } from '@contract';
import { AnchorLink } from '@/components/RouterLinks';
import { visitListQueryOptions } from '../api/queries';
import type { VisitSummary } from '../model/draft';
import { visitScreenLink } from '../model/links';
import { formatDateTime, useClock } from '@/lib/intl';

/** A draft with no appointment is due this long after it was started. */
const UNSCHEDULED_DUE_MS = 2 * 60 * 60 * 1000;

/** Drafts whose session is over: past the end of their appointment (or, without one, a while after they started). */
export function overdueDrafts(drafts: readonly VisitSummary[], now: number): VisitSummary[] {
  return drafts
    .filter((visit) =>
      visit.appointment_ends_at
        ? Date.parse(visit.appointment_ends_at) < now
        : Date.parse(visit.created_at) + UNSCHEDULED_DUE_MS < now,
    )
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}

function DraftList({ drafts, label }: { drafts: readonly VisitSummary[]; label: string }) {
  const clock = useClock();
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {drafts.map((visit) => (
        <li key={visit.id}>
          <AnchorLink {...visitScreenLink(visit.therapy, visit.client_id, visit.id)} display="block" mih={44} py={4}>
            {visit.client_name}: {THERAPY_INFO[visit.therapy].name}
            <Text span size="sm" c="dimmed" display="block">
              Started {formatDateTime(visit.created_at, clock)} by {visit.created_by_name}
            </Text>
          </AnchorLink>
        </li>
      ))}
    </Stack>
  );
}

/** The hub's 'Visits to complete': this person's drafts whose session is over, then the rest of the clinic's. */
export function VisitsToComplete({ clinicId, username, now }: { clinicId: string; username: string; now: number }) {
  const drafts = useQuery(visitListQueryOptions({ state: 'draft', clinic: clinicId }));
  const overdue = overdueDrafts(drafts.data?.results ?? [], now);
  const mine = overdue.filter((visit) => visit.created_by === username);
  const others = overdue.filter((visit) => visit.created_by !== username);
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="hub-visits">
      <Stack gap="xs">
        <Title order={2} size="h4" id="hub-visits">
          Visits to complete
        </Title>
        {drafts.isPending ? (
          drafts.fetchStatus === 'paused' ? (
            <Text size="sm" c="dimmed">
              Not known offline on this device yet.
            </Text>
          ) : (
            <Skeleton height={44} />
          )
        ) : drafts.isError && !drafts.data ? (
          <Text size="sm" c="dimmed" role="status">
            The visits could not be loaded just now.
          </Text>
        ) : overdue.length === 0 ? (
          <Text size="sm" c="dimmed">
            Every finished session is signed.
          </Text>
        ) : (
          <>
            {mine.length > 0 && (
              <>
                <Text size="sm" fw={600}>
                  Yours
                </Text>
                <DraftList drafts={mine} label="Your visits to complete" />
              </>
            )}
            {others.length > 0 && (
              <>
                <Text size="sm" fw={600}>
                  At this clinic
                </Text>
                <DraftList drafts={others} label="The clinic’s visits to complete" />
              </>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
