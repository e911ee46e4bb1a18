import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { useHere } from '@/components/useHere';
import { TOUCH_TARGET } from '@/config/touch';
import { StatusBadge, moveAppointment, type ShownAppointment } from '@/features/appointments';
import { clockOf, formatTime } from '@/lib/intl';

/** One of today's appointments: time, client, what and where, its status, and check-in for reception. */
export function TodayRow({
  appointment,
  canCheckIn,
  onOpen,
}: {
  appointment: ShownAppointment;
  canCheckIn: boolean;
  onOpen: () => void;
}) {
  const here = useHere();
  // Kept on this device and sent when the network allows: the front desk keeps working through a Wi-Fi drop.
  const checkIn = () =>
    moveAppointment(appointment, 'checked_in', here()).then(
      () => toastSuccess(`${appointment.client_name} is checked in for ${appointment.service_name}.`),
      () => toastFailure('The check-in could not be kept on this device. Please try again.', 'Not checked in'),
    );
  return (
    <Group component="li" gap="sm" wrap="nowrap" justify="space-between" py={6}>
      <UnstyledButton onClick={onOpen} miw={0} mih={TOUCH_TARGET} style={{ flex: 1 }}>
        <Text size="sm" fw={700}>
          {formatTime(appointment.starts_at, clockOf(appointment.time_zone))} {appointment.client_name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {appointment.service_name} · {appointment.resource_name}
        </Text>
      </UnstyledButton>
      <Group gap="xs" wrap="nowrap">
        <StatusBadge status={appointment.status} unsent={appointment.unsent} />
        {canCheckIn && appointment.status === 'booked' && (
          <Button
            size="sm"
            h={TOUCH_TARGET}
            onClick={() => void checkIn()}
            aria-label={`Check in ${appointment.client_name}`}
          >
            Check in
          </Button>
        )}
      </Group>
    </Group>
  );
}
