import { Box, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { THERAPY_INFO, mayDoToClients, type Role } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { WellbeingFollowUp } from '@/features/assessments';
import { NoConsentBadge } from '@/features/hipaa';
import { NotShown } from '@/components/signed-in/NotShown';
import { formatDate, useClock } from '@/lib/intl';
import { clientAlertsQueryOptions } from '@/features/people';

/** One alert: what kind, then what was recorded. */
function AlertRow({ badge, children }: { badge: ReactNode; children: ReactNode }) {
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start">
      {badge}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/**
 * What to watch out for, all together at the top of the client's page: no
 * consent on file, a very low Thrive check (with who reached the client about
 * it, and 'Record contact'), contraindications answered yes and reactions in
 * past visits. The Thrive check is the care team's, the last two are clinical:
 * for a role that does not read one, the card says so.
 */
export function ClientAlerts({
  clientId,
  clientName,
  viewerRole,
}: {
  clientId: string;
  clientName: string;
  /** Who is looking: whether they may record a contact about a very low Thrive check. */
  viewerRole: Role;
}) {
  const alerts = useQuery(clientAlertsQueryOptions(clientId));
  const clock = useClock();
  return (
    // The chart's patient banner links here (#alerts).
    <Box id="alerts" style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 16px)' }}>
      <PanelCard title="Alerts">
        <QueryState query={alerts} what="The alerts">
          {(data) => {
            const { wellbeing, contraindications, reactions } = data;
            const clinical = contraindications !== undefined && reactions !== undefined;
            const clear =
              data.hipaa_consent &&
              !wellbeing &&
              (contraindications ?? []).length === 0 &&
              (reactions ?? []).length === 0;
            if (clear && clinical && wellbeing !== undefined) {
              return (
                <Text size="sm" c="dimmed">
                  No contraindication answered yes, no reaction recorded in past visits, no very low Thrive check.
                </Text>
              );
            }
            return (
              <PlainList gap="xs">
                {!data.hipaa_consent && <AlertRow badge={<NoConsentBadge />}>No HIPAA authorization on file.</AlertRow>}
                {wellbeing && (
                  <li>
                    <WellbeingFollowUp
                      alert={wellbeing}
                      clientId={clientId}
                      clientName={clientName}
                      mayRecord={mayDoToClients(viewerRole, 'assessments.contact')}
                    />
                  </li>
                )}
                {wellbeing === null && !clinical && (
                  <Text component="li" size="sm" c="dimmed">
                    No very low Thrive check.
                  </Text>
                )}
                {wellbeing === undefined && (
                  <Text component="li" size="sm">
                    Thrive check: <NotShown />
                  </Text>
                )}
                {contraindications?.map((item) => (
                  <AlertRow
                    key={`${item.visit_id}-${item.question}`}
                    badge={
                      <TintBadge color="orange" radius="sm">
                        Contraindication
                      </TintBadge>
                    }
                  >
                    {item.label} ({THERAPY_INFO[item.therapy].name}, {formatDate(item.at, clock)})
                    {item.override_reason ? `. Went ahead: ${item.override_reason}` : ''}
                  </AlertRow>
                ))}
                {reactions?.map((item) => (
                  <AlertRow
                    key={`${item.visit_id}-${item.at}-${item.what}`}
                    badge={
                      <TintBadge color={item.severity === 'mild' ? 'yellow' : 'red'} radius="sm">
                        {item.severity} reaction
                      </TintBadge>
                    }
                  >
                    {item.what} ({THERAPY_INFO[item.therapy].name}, {formatDate(item.at, clock)})
                    {item.action ? `. ${item.action}` : ''}
                  </AlertRow>
                ))}
                {!clinical && (
                  <Text component="li" size="sm">
                    Contraindications and reactions: <NotShown />
                  </Text>
                )}
              </PlainList>
            );
          }}
        </QueryState>
      </PanelCard>
    </Box>
  );
}
