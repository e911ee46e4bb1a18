import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { servicesQueryOptions, upcomingAppointmentsQueryOptions } from '@/features/appointments';
import { Preparation, whenLabel } from './BookingCard';

/**
 * For the portal's home: the client's next booking that asks something of it
 * beforehand (fasting, what to bring), with how to prepare. Nothing when there
 * is none or nothing is known yet.
 */
export function BookingReminder({ clientId }: { clientId: string }) {
  const upcoming = useQuery(upcomingAppointmentsQueryOptions(clientId));
  const services = useQuery(servicesQueryOptions());
  const byId = new Map((services.data?.results ?? []).map((service) => [service.id, service]));
  const next = (upcoming.data ?? []).find((appointment) => {
    const service = byId.get(appointment.service_id);
    return appointment.status === 'booked' && (service?.preparation || service?.what_to_bring);
  });
  if (!next) return null;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="booking-reminder">
      <Stack gap="xs">
        <Title order={2} size="h4" id="booking-reminder">
          Get ready: {next.service_name}
        </Title>
        <Text>
          {whenLabel(next)} at {next.clinic_name}
        </Text>
        <Preparation service={byId.get(next.service_id)} />
      </Stack>
    </Card>
  );
}
