import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Appointment } from '../model/labels';
import { formatTime, formatTimeRange, type ClinicClock } from '@/lib/intl';
import { StatusBadge } from './StatusBadge';

/**
 * One day's appointments as a list, earliest first: what phones show instead
 * of the grid. Each line is one large touch target that opens the appointment.
 */
export function DayList({
  appointments,
  clock,
  onOpen,
  emptyText,
}: {
  appointments: readonly Appointment[];
  clock: ClinicClock;
  onOpen: (appointment: Appointment) => void;
  emptyText: string;
}) {
  if (appointments.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {appointments.map((appointment) => (
        <li key={appointment.id}>
          <Paper withBorder radius="md" p={0}>
            <UnstyledButton
              onClick={() => onOpen(appointment)}
              w="100%"
              p="sm"
              mih={56}
              aria-label={`${formatTime(appointment.starts_at, clock)} ${appointment.client_name}, ${appointment.service_name} on ${appointment.resource_name}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Text fw={700} size="sm">
                    {formatTimeRange(appointment.starts_at, appointment.ends_at, clock)}{' '}
                    <Text span fw={600}>
                      {appointment.client_name}
                    </Text>
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {appointment.service_name} · {appointment.resource_name}
                  </Text>
                </Stack>
                <StatusBadge status={appointment.status} />
              </Group>
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
