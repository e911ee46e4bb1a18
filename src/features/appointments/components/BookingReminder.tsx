import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { servicesQueryOptions, upcomingAppointmentsQueryOptions } from '../api/queries';
import { Preparation, whenLabel } from './Preparation';
import { PanelCard } from '@/components/signed-in/PanelCard';

/** How many coming bookings the home reminds of. */
const REMINDERS = 2;

/**
 * For the portal's home: the client's next bookings made in the portal (its
 * tests and the intake call), each with how to prepare. Nothing when there are
 * none or nothing is known yet (the next-appointment card says the rest).
 */
export function BookingReminder({ clientId }: { clientId: string }) {
  const upcoming = useQuery(upcomingAppointmentsQueryOptions(clientId));
  const services = useQuery(servicesQueryOptions());
  const byId = new Map((services.data?.results ?? []).map((service) => [service.id, service]));
  const next = (upcoming.data ?? [])
    .filter((appointment) => appointment.status === 'booked' && byId.get(appointment.service_id)?.client_bookable)
    .slice(0, REMINDERS);
  if (next.length === 0) return null;
  return (
    <PanelCard title="Get ready" gap="sm">
      {next.map((appointment) => (
        <Stack key={appointment.id} gap={4}>
          <Text fw={700}>{appointment.service_name}</Text>
          <Text size="sm">
            {whenLabel(appointment)}, {appointment.clinic_name}
          </Text>
          <Preparation service={byId.get(appointment.service_id)} />
        </Stack>
      ))}
    </PanelCard>
  );
}
