import { Box, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { THERAPY_INFO } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { WellbeingFollowUp } from '@/features/assessments';
import { NoConsentBadge } from '@/features/hipaa';
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
 * past visits.
 */
export function ClientAlerts({ clientId, clientName }: { clientId: string; clientName: string }) {
  const alerts = useQuery(clientAlertsQueryOptions(clientId));
  const clock = useClock();
  return (
    // The chart's patient banner links here (#alerts).
    <Box id="alerts" style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 16px)' }}>
      <PanelCard title="Alerts">
        <QueryState query={alerts} what="The alerts">
          {(data) =>
            data.hipaa_consent &&
            !data.wellbeing &&
            data.contraindications.length === 0 &&
            data.reactions.length === 0 ? (
              <Text size="sm" c="dimmed">
                No contraindication answered yes, no reaction recorded in past visits, no very low Thrive check.
              </Text>
            ) : (
              <PlainList gap="xs">
                {!data.hipaa_consent && <AlertRow badge={<NoConsentBadge />}>No HIPAA authorization on file.</AlertRow>}
                {data.wellbeing && (
                  <li>
                    <WellbeingFollowUp alert={data.wellbeing} clientId={clientId} clientName={clientName} />
                  </li>
                )}
                {data.contraindications.map((item) => (
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
                {data.reactions.map((item) => (
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
              </PlainList>
            )
          }
        </QueryState>
      </PanelCard>
    </Box>
  );
}
