import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { staffAlertsQueryOptions } from '../api/queries';
import { MessageList } from './MessageList';

/** How far back a failure is still news: a week of hub visits is long enough for someone to have seen it. */
const RECENT_MS = 7 * 24 * 60 * 60_000;

/**
 * For the hub: alerts of a very low Thrive check that never reached the clinic's care inbox (the sender
 * gave up, and says why), so that staff look at the clients needing attention themselves. Nothing shows
 * while every alert went out.
 */
export function FailedStaffAlerts({ clinicId, now }: { clinicId: string; now: number }) {
  const failed = useQuery(staffAlertsQueryOptions({ clinic: clinicId, status: 'failed' }));
  const recent = (failed.data?.results ?? []).filter((alert) => now - Date.parse(alert.created_at) < RECENT_MS);
  if (recent.length === 0) return null;
  return (
    <PanelCard title="Alerts the care inbox did not get">
      <Text size="sm">
        {recent.length === 1 ? 'A very low Thrive check was' : `${recent.length} very low Thrive checks were`} not
        e-mailed to the clinic’s care inbox. The clients whose checks need attention are listed on this page.
      </Text>
      <MessageList messages={recent} />
    </PanelCard>
  );
}
