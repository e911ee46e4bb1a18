import { Stack, Text, Title } from '@mantine/core';
import { CardLink } from '@/components/signed-in/CardLink';
import { useQuery } from '@tanstack/react-query';
import { THERAPY_INFO, isCallService } from '@contract';
import { QueryState } from '@/components/QueryState';
import { useClinicClocks } from '@/features/clinics';
import { visitListQueryOptions } from '@/features/visits';
import { counted, formatDate } from '@/lib/intl';
import { BookingFrame, useBookingFrame } from './BookingFrame';
import { BookingList } from './BookingList';

/**
 * /user/in-clinic/{clientId}: the client's coming visits at the clinic (with
 * how to prepare and what to bring; the tests it booked itself can be moved)
 * and its past visits as the clinic signed them (never a draft).
 */
export function InClinicPage({ clientId }: { clientId: string }) {
  const frame = useBookingFrame(clientId);
  const { catalog } = frame;
  const visits = useQuery(visitListQueryOptions({ client: clientId, state: 'signed', limit: 50 }));
  const clockOfVisit = useClinicClocks();
  const coming = catalog.upcoming.filter((appointment) => {
    const service = catalog.serviceById.get(appointment.service_id);
    return appointment.status !== 'cancelled' && !(service && isCallService(service));
  });

  return (
    <Stack gap="lg">
      <BookingFrame frame={frame} what="Your coming visits" waitForBookings>
        <BookingList
          id="coming-visits"
          title="Coming visits"
          appointments={coming}
          catalog={catalog}
          movable={(appointment) => catalog.serviceById.get(appointment.service_id)?.client_bookable === true}
          empty="No visits booked. Book a test here in the portal; the clinic books your therapies with you."
        />
      </BookingFrame>
      <Stack gap="sm" component="section" aria-labelledby="past-visits">
        <Title order={2} size="h4" id="past-visits">
          Past visits
        </Title>
        <QueryState query={visits} what="Your past visits">
          {(data) =>
            data.results.length === 0 ? (
              <Text size="sm">No visits yet. Each visit shows here once the clinic has signed its record.</Text>
            ) : (
              data.results.map((visit) => (
                <CardLink
                  key={visit.id}
                  withBorder
                  radius="lg"
                  padding="md"
                  to="/user/reports/$clientId"
                  params={{ clientId }}
                  hash={`visit-${visit.id}`}
                  aria-label={`${THERAPY_INFO[visit.therapy].title}${visit.signed_at ? `, ${formatDate(visit.signed_at, clockOfVisit({ id: visit.clinic_id }), { weekday: 'long' })}` : ''}: open its summary`}
                  style={{ color: 'inherit', textDecoration: 'none' }}
                >
                  <Stack gap={4}>
                    <Title order={3} size="h5">
                      {THERAPY_INFO[visit.therapy].title}
                    </Title>
                    <Text size="sm">
                      {visit.signed_at
                        ? formatDate(visit.signed_at, clockOfVisit({ id: visit.clinic_id }), { weekday: 'long' })
                        : ''}
                      {visit.clinic_name ? ` at ${visit.clinic_name}` : ''}
                    </Text>
                    <Text size="sm" c="dimmed">
                      Signed by {visit.signed_by_name ?? 'the clinic'}
                      {visit.addenda_count > 0 ? ` · ${counted(visit.addenda_count, 'later note', 'later notes')}` : ''}
                    </Text>
                    <Text size="sm" c="thrive.8" fw={600}>
                      Open the summary
                    </Text>
                  </Stack>
                </CardLink>
              ))
            )
          }
        </QueryState>
      </Stack>
    </Stack>
  );
}
