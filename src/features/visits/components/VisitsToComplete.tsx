import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { THERAPY_INFO } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { TouchLink } from '@/components/RouterLinks';
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

/** Drafts under a heading, each opening its chart. */
function DraftList({ title, drafts, label }: { title: string; drafts: readonly VisitSummary[]; label: string }) {
  const clock = useClock();
  if (drafts.length === 0) return null;
  return (
    <>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <PlainList label={label}>
        {drafts.map((visit) => (
          <li key={visit.id}>
            <TouchLink {...visitScreenLink(visit.therapy, visit.client_id, visit.id)} display="block" py={4}>
              {visit.client_name}: {THERAPY_INFO[visit.therapy].name}
              <Text span size="sm" c="dimmed" display="block">
                Started {formatDateTime(visit.created_at, clock)} by {visit.created_by_name}
              </Text>
            </TouchLink>
          </li>
        ))}
      </PlainList>
    </>
  );
}

/** The hub's 'Visits to complete': this person's drafts whose session is over, then the rest of the clinic's. */
export function VisitsToComplete({ clinicId, username, now }: { clinicId: string; username: string; now: number }) {
  const drafts = useQuery(visitListQueryOptions({ state: 'draft', clinic: clinicId }));
  return (
    <PanelCard title="Visits to complete" gap="xs">
      <QueryState query={drafts} what="The visits to complete">
        {(data) => {
          const overdue = overdueDrafts(data.results, now);
          if (overdue.length === 0) {
            return (
              <Text size="sm" c="dimmed">
                Every finished session is signed.
              </Text>
            );
          }
          return (
            <>
              <DraftList
                title="Yours"
                drafts={overdue.filter((visit) => visit.created_by === username)}
                label="Your visits to complete"
              />
              <DraftList
                title="At this clinic"
                drafts={overdue.filter((visit) => visit.created_by !== username)}
                label="The clinic’s visits to complete"
              />
            </>
          );
        }}
      </QueryState>
    </PanelCard>
  );
}
