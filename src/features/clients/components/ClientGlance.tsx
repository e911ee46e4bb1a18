import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Term } from '@/components/signed-in/Term';
import { useClinicClocks } from '@/features/clinics';
import { clientAppointmentsQueryOptions, clientVisitsQueryOptions } from '../api/queries';
import { appointmentLine, loadedLine, visitLine } from '../model/lines';

/** Next appointment, last visit and missing consent: what the person at the desk or the bay needs first. */
export function ClientGlance({ clientId, consented }: { clientId: string; consented: boolean }) {
  const upcoming = useQuery(clientAppointmentsQueryOptions(clientId, 'upcoming'));
  const visits = useQuery(clientVisitsQueryOptions(clientId));
  const clockOfVisit = useClinicClocks();
  return (
    <Stack gap="xs">
      {!consented && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="No HIPAA consent">
          This client has not given the HIPAA authorization. A visit cannot be signed until they give it in the portal.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Term label="Next appointment">
          {loadedLine(upcoming, (list) => (list[0] ? appointmentLine(list[0]) : 'Nothing booked'))}
        </Term>
        <Term label="Last visit">
          {loadedLine(visits, ({ results }) => {
            const last = results.find((visit) => visit.state === 'signed') ?? results[0];
            if (!last) return 'No visit yet';
            const line = visitLine(last, clockOfVisit({ id: last.clinic_id }));
            return last.state === 'draft' ? `${line} (not signed yet)` : line;
          })}
        </Term>
      </SimpleGrid>
    </Stack>
  );
}
