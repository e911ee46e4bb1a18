import { Stack, Text, Title } from '@mantine/core';
import type { ShownAppointment } from '@/features/appointments';
import { BookingCard } from './BookingCard';
import type { usePortalCatalog } from './usePortalCatalog';

/** The client's coming bookings of one kind, each cancellable within the cut-off and movable where it may be. */
export function BookingList({
  id,
  title,
  appointments,
  catalog,
  movable = () => true,
  empty,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  appointments: readonly ShownAppointment[];
  catalog: ReturnType<typeof usePortalCatalog>;
  /** Whether the client may move it here (what the portal booked); every one by default. */
  movable?: (appointment: ShownAppointment) => boolean;
  /** Said when there is none. */
  empty?: string;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {appointments.length === 0 && empty && <Text size="sm">{empty}</Text>}
      {appointments.map((appointment) => (
        <BookingCard
          key={appointment.id}
          appointment={appointment}
          clinic={catalog.clinicById(appointment.clinic_id)}
          service={catalog.serviceById.get(appointment.service_id)}
          movable={movable(appointment)}
        />
      ))}
    </Stack>
  );
}
