import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { THERAPY_INFO, isCallService } from '@contract';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useClinicClocks } from '@/features/clinics';
import { visitListQueryOptions } from '@/features/visits';
import { counted, formatDate } from '@/lib/intl';
import { BookingCard } from './BookingCard';
import { usePortalCatalog } from './usePortalCatalog';

/**
 * /user/in-clinic/{clientId}: the client's coming visits at the clinic (with
 * how to prepare and what to bring; the tests it booked itself can be moved)
 * and its past visits as the clinic signed them (never a draft).
 */
export function InClinicPage({ clientId }: { clientId: string }) {
  const catalog = usePortalCatalog(clientId);
  const visits = useQuery(visitListQueryOptions({ client: clientId, state: 'signed', limit: 50 }));
  const clockOfVisit = useClinicClocks();
  const coming = catalog.upcoming.filter((appointment) => {
    const service = catalog.serviceById.get(appointment.service_id);
    return appointment.status !== 'cancelled' && !(service && isCallService(service));
  });

  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="coming-visits">
        <Title order={2} size="h4" id="coming-visits">
          Coming visits
        </Title>
        {catalog.failed ? (
          <QueryErrorAlert
            title="Your visits could not be loaded"
            error={catalog.failed.error}
            onRetry={() => void catalog.failed?.refetch()}
            retrying={catalog.failed.isFetching}
          />
        ) : catalog.offlineUnknown ? (
          <Text size="sm">You are offline. Your visits show here once the connection returns.</Text>
        ) : catalog.pending || catalog.upcomingPending ? (
          <Skeleton height={120} role="status" aria-label="Loading your coming visits" />
        ) : coming.length === 0 ? (
          <Text size="sm">
            No visits booked. Book a test here in the portal; the clinic books your therapies with you.
          </Text>
        ) : (
          coming.map((appointment) => {
            const service = catalog.serviceById.get(appointment.service_id);
            return (
              <BookingCard
                key={appointment.id}
                appointment={appointment}
                clinic={catalog.clinicById(appointment.clinic_id)}
                service={service}
                movable={service?.client_bookable === true}
              />
            );
          })
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="past-visits">
        <Title order={2} size="h4" id="past-visits">
          Past visits
        </Title>
        {visits.isPending && visits.fetchStatus === 'paused' ? (
          <Text size="sm">You are offline. Your past visits show here once the connection returns.</Text>
        ) : visits.isPending ? (
          <Skeleton height={120} role="status" aria-label="Loading your past visits" />
        ) : visits.isError ? (
          <QueryErrorAlert
            title="Your past visits could not be loaded"
            error={visits.error}
            onRetry={() => void visits.refetch()}
            retrying={visits.isFetching}
          />
        ) : visits.data.results.length === 0 ? (
          <Text size="sm">No visits yet. Each visit shows here once the clinic has signed its record.</Text>
        ) : (
          visits.data.results.map((visit) => (
            <Card
              key={visit.id}
              withBorder
              radius="lg"
              padding="md"
              component="article"
              aria-labelledby={`visit-${visit.id}`}
            >
              <Stack gap={4}>
                <Title order={3} size="h5" id={`visit-${visit.id}`}>
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
              </Stack>
            </Card>
          ))
        )}
      </Stack>
    </Stack>
  );
}
