import { Paper, Stack, Text } from '@mantine/core';
import { clockOf, formatSession } from '@/lib/intl';
import type { Appointment, Service } from '../model/labels';

/** "Tuesday 3 Mar 2026 at 09:00–09:15 (IST)": when a booking is, on its clinic's clock, as a client reads it. */
export function whenLabel(appointment: Pick<Appointment, 'starts_at' | 'ends_at' | 'time_zone'>): string {
  return formatSession(appointment.starts_at, appointment.ends_at, clockOf(appointment.time_zone));
}

/** How to prepare and what to bring, as the clinic tells its clients. */
export function Preparation({ service }: { service: Pick<Service, 'preparation' | 'what_to_bring'> | undefined }) {
  if (!service?.preparation && !service?.what_to_bring) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-light)">
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          How to prepare
        </Text>
        {service.preparation && <Text size="sm">{service.preparation}</Text>}
        {service.what_to_bring && <Text size="sm">Bring: {service.what_to_bring}</Text>}
      </Stack>
    </Paper>
  );
}
