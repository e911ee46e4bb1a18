import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { TouchLink } from '@/components/RouterLinks';
import { useClinicClocks } from '@/features/clinics';
import { clientVisitsQueryOptions } from '../api/queries';
import { visitLine } from '../model/lines';

/** Every visit of the client, newest first, each opening its record. */
export function ClientVisits({ clientId }: { clientId: string }) {
  const visits = useQuery(clientVisitsQueryOptions(clientId));
  const clockOfVisit = useClinicClocks();
  return (
    <PanelCard title="Visit history">
      <QueryState query={visits} what="The visit history">
        {(data) =>
          data.results.length === 0 ? (
            <Text size="sm" c="dimmed">
              No visit yet.
            </Text>
          ) : (
            <PlainList label="Visits, newest first">
              {data.results.map((visit) => (
                <li key={visit.id} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                  <TouchLink
                    to="/client/discovery/$clientId/visit/$visitId"
                    params={{ clientId, visitId: visit.id }}
                    display="flex"
                    py={6}
                    style={{ justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}
                  >
                    <span>{visitLine(visit, clockOfVisit({ id: visit.clinic_id }))}</span>
                    <Text span size="sm" c="dimmed">
                      {visit.state === 'signed'
                        ? `Signed by ${visit.signed_by_name ?? 'staff'}`
                        : `Draft, started by ${visit.created_by_name}`}
                    </Text>
                  </TouchLink>
                </li>
              ))}
            </PlainList>
          )
        }
      </QueryState>
    </PanelCard>
  );
}
