import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLIENT_CANCEL_CUTOFF_HOURS, clientMayCancel } from '@contract';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { moveAppointment, useWithUnsentMoves, type ShownAppointment } from '../api/mutations';
import { nextAppointmentQueryOptions } from '../api/queries';
import { MOVE_NOT_KEPT } from '../model/outcome';
import { clockOf, formatDate, formatSession, formatTime } from '@/lib/intl';
import { StatusBadge } from './StatusBadge';
import { useHere } from '@/components/useHere';
import { TOUCH_TARGET } from '@/config/touch';
import { PanelCard } from '@/components/signed-in/PanelCard';

/** A stable empty list while nothing is loaded (hooks compare lists by identity). */
const NONE: readonly [] = [];

/**
 * Cancelling one's own booking (openapi/scheduling/appointments.ts: booked, and at least
 * 24 hours ahead): asked once more, then kept on the device and sent through
 * the outbox like every status move; the card shows it at once, marked.
 */
function CancelAction({ appointment }: { appointment: ShownAppointment }) {
  const here = useHere();
  const [asking, setAsking] = useState(false);
  const clock = clockOf(appointment.time_zone);
  if (appointment.status !== 'booked') return null;
  if (!clientMayCancel(new Date(appointment.starts_at), new Date())) {
    return (
      <Text size="sm" c="dimmed">
        Less than {CLIENT_CANCEL_CUTOFF_HOURS} hours to go: to cancel now, please call or write to the clinic.
      </Text>
    );
  }
  const cancel = () => {
    setAsking(false);
    moveAppointment(appointment, 'cancelled', here()).then(
      () => toastSuccess(`Your ${appointment.service_name} is cancelled.`, 'Cancelled'),
      () => toastFailure(MOVE_NOT_KEPT, 'Not cancelled'),
    );
  };
  return (
    <>
      <Button variant="default" onClick={() => setAsking(true)} style={{ alignSelf: 'flex-start' }}>
        Cancel appointment
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Cancel this appointment?" centered>
        <Stack gap="md">
          <Text>
            {appointment.service_name} on {formatDate(appointment.starts_at, clock, { weekday: 'long' })} at{' '}
            {formatTime(appointment.starts_at, clock)}. The time goes back to the clinic for others.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
              Keep it
            </Button>
            <Button color="red" onClick={cancel}>
              Cancel appointment
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The client's next appointment, on the clinic's clock, for the portal's
 * home; with `cancellable`, the client may cancel it while the rules allow.
 */
export function NextAppointmentCard({ clientId, cancellable = false }: { clientId: string; cancellable?: boolean }) {
  const next = useQuery(nextAppointmentQueryOptions(clientId));
  const [shown] = useWithUnsentMoves(next.data ? [next.data] : NONE);
  return (
    <PanelCard title="Your next appointment" gap="xs">
      {next.isPending && next.fetchStatus === 'paused' ? (
        <Text size="sm" c="dimmed">
          You are offline. Your next appointment shows here once the connection returns.
        </Text>
      ) : next.isPending ? (
        <Skeleton height={TOUCH_TARGET} role="status" aria-label="Loading your next appointment" />
      ) : next.isError ? (
        <Text size="sm" c="dimmed">
          Your appointments could not be loaded just now. They show here once the connection to the clinic works.
        </Text>
      ) : !shown ? (
        <Text size="sm">You have no appointment booked. The clinic books your visits with you.</Text>
      ) : (
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{shown.service_name}</Text>
            <StatusBadge status={shown.status} unsent={shown.unsent} />
          </Group>
          <Text>{formatSession(shown.starts_at, shown.ends_at, clockOf(shown.time_zone))}</Text>
          <Text size="sm" c="dimmed">
            {shown.clinic_name}, {shown.resource_name}
          </Text>
          {cancellable && <CancelAction appointment={shown} />}
        </Stack>
      )}
    </PanelCard>
  );
}
