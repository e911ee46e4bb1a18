import { Stack, Title } from '@mantine/core';
import type { ShownAppointment } from '@/features/appointments';
import { BookingCard } from './BookingCard';
import type { usePortalCatalog } from './usePortalCatalog';

/** The client's coming bookings of one kind, each movable and cancellable within the cut-off. */
export function BookingList({
  id,
  title,
  appointments,
  catalog,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  appointments: readonly ShownAppointment[];
  catalog: ReturnType<typeof usePortalCatalog>;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {appointments.map((appointment) => (
        <BookingCard
          key={appointment.id}
          appointment={appointment}
          clinic={catalog.clinicById(appointment.clinic_id)}
          service={catalog.serviceById.get(appointment.service_id)}
          movable
        />
      ))}
    </Stack>
  );
}
