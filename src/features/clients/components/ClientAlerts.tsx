import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { THERAPY_INFO } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { NoConsentBadge } from '@/features/hipaa';
import { NotShown } from '@/components/signed-in/NotShown';
import { formatDate, useClock } from '@/lib/intl';
import { clientAlertsQueryOptions } from '../api/queries';

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
 * What to watch out for: no consent on file, contraindications answered yes and reactions in past visits.
 * The last two are clinical: for a role that does not read them, the card says so.
 */
export function ClientAlerts({ clientId }: { clientId: string }) {
  const alerts = useQuery(clientAlertsQueryOptions(clientId));
  const clock = useClock();
  return (
    <PanelCard title="Alerts">
      <QueryState query={alerts} what="The alerts">
        {(data) => {
          const { contraindications, reactions } = data;
          if (contraindications === undefined || reactions === undefined) {
            return (
              <PlainList gap="xs">
                {!data.hipaa_consent && <AlertRow badge={<NoConsentBadge />}>No HIPAA authorization on file.</AlertRow>}
                <Text component="li" size="sm">
                  Contraindications and reactions: <NotShown />
                </Text>
              </PlainList>
            );
          }
          return data.hipaa_consent && contraindications.length === 0 && reactions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No contraindication answered yes and no reaction recorded in past visits.
            </Text>
          ) : (
            <PlainList gap="xs">
              {!data.hipaa_consent && <AlertRow badge={<NoConsentBadge />}>No HIPAA authorization on file.</AlertRow>}
              {contraindications.map((item) => (
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
              {reactions.map((item) => (
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
          );
        }}
      </QueryState>
    </PanelCard>
  );
}
