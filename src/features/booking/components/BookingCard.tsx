import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useState } from 'react';
import { CLIENT_CHANGE_CUTOFF_HOURS, clientMayChange, isCallService } from '@contract';
import { FormError } from '@/components/FormError';
import { toastFailure, toastSuccess } from '@/components/toasts';
import {
  Preparation,
  StatusBadge,
  moveAppointment,
  newActionKey,
  whenLabel,
  type Service,
  type ShownAppointment,
} from '@/features/appointments';
import type { Clinic } from '@/features/clinics';
import { clockOf, dateOn, formatDate, formatTime } from '@/lib/intl';
import { useMoveBooking } from '../api/book';
import { bookingFailure, isSlotTaken, type Slot } from '../model/booking';
import { SlotPicker } from './SlotPicker';
import { useHere } from '@/components/useHere';

function MoveDialog({
  appointment,
  clinic,
  onClose,
}: {
  appointment: ShownAppointment;
  clinic: Clinic;
  onClose: () => void;
}) {
  const clock = clockOf(clinic.time_zone);
  const [day, setDay] = useState(dateOn(appointment.starts_at, clock));
  const [slot, setSlot] = useState<Slot | null>(null);
  const [key, setKey] = useState(newActionKey);
  const [problem, setProblem] = useState<string | null>(null);
  const move = useMoveBooking();

  async function confirm(chosen: Slot): Promise<void> {
    setProblem(null);
    try {
      await move.move({
        appointment,
        patch: { starts_at: chosen.starts_at, resource_id: chosen.resource_id },
        idempotencyKey: key,
      });
    } catch (error) {
      setProblem(bookingFailure(error));
      if (isSlotTaken(error)) setSlot(null);
      setKey(newActionKey());
      return;
    }
    toastSuccess(
      `${appointment.service_name} is now ${formatDate(chosen.starts_at, clock)} at ${formatTime(chosen.starts_at, clock)}.`,
      'Moved',
    );
    onClose();
  }

  return (
    <Modal opened onClose={onClose} title={`Move ${appointment.service_name}`} centered size="lg">
      <Stack gap="md">
        <Text size="sm">Now: {whenLabel(appointment)}</Text>
        <FormError message={problem} />
        <SlotPicker
          serviceId={appointment.service_id}
          clinic={clinic}
          day={day}
          onDayChange={(next) => {
            setDay(next);
            setSlot(null);
          }}
          chosen={slot}
          onChoose={(next) => {
            setSlot(next);
            setKey(newActionKey());
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep the time
          </Button>
          <Button disabled={slot === null} loading={move.isPending} onClick={() => slot && void confirm(slot)}>
            {slot ? `Move to ${formatTime(slot.starts_at, clock)}` : 'Choose a time'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * One of the client's own bookings: when and where, how to prepare, and, until
 * the cut-off, moving it (a test or the intake call) or cancelling it. A
 * cancellation goes through the outbox, so it is kept offline too.
 */
export function BookingCard({
  appointment,
  clinic,
  service,
  movable,
}: {
  appointment: ShownAppointment;
  clinic: Clinic | undefined;
  service: Service | undefined;
  movable: boolean;
}) {
  const here = useHere();
  const [dialog, setDialog] = useState<'move' | 'cancel' | null>(null);
  const changeable = appointment.status === 'booked' && clientMayChange(new Date(appointment.starts_at), new Date());
  const call = service !== undefined && isCallService(service);
  const headingId = `booking-${appointment.id}`;

  async function cancel(): Promise<void> {
    setDialog(null);
    try {
      await moveAppointment(appointment, 'cancelled', here());
    } catch {
      toastFailure('The cancellation could not be kept on this device. Please try again.');
      return;
    }
    toastSuccess(
      `${appointment.service_name} on ${formatDate(appointment.starts_at, clockOf(appointment.time_zone))} is cancelled.`,
      'Cancelled',
    );
  }

  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={headingId}>
            {appointment.service_name}
          </Title>
          <StatusBadge status={appointment.status} unsent={appointment.unsent} />
        </Group>
        <Text>{whenLabel(appointment)}</Text>
        <Text size="sm" c="dimmed">
          {call
            ? `${appointment.call_mode === 'video' ? 'Video call' : 'Phone call'} with ${appointment.clinic_name}`
            : `${appointment.clinic_name}${clinic?.address ? `, ${clinic.address}` : ''}`}
        </Text>
        {appointment.status !== 'cancelled' && <Preparation service={service} />}
        {appointment.status === 'booked' &&
          (changeable ? (
            <Group gap="sm" wrap="wrap">
              {movable && clinic && (
                <Button variant="default" onClick={() => setDialog('move')} disabled={appointment.unsent}>
                  Move
                </Button>
              )}
              <Button variant="default" color="red" onClick={() => setDialog('cancel')} disabled={appointment.unsent}>
                Cancel booking
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              It starts within {CLIENT_CHANGE_CUTOFF_HOURS} hours: to move or cancel it, please call the clinic
              {clinic?.phone ? ` on ${clinic.phone}` : ''}.
            </Text>
          ))}
      </Stack>
      {dialog === 'move' && clinic && (
        <MoveDialog appointment={appointment} clinic={clinic} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        opened={dialog === 'cancel'}
        title="Cancel this booking?"
        keepLabel="Keep it"
        actLabel="Cancel booking"
        onKeep={() => setDialog(null)}
        onAct={() => void cancel()}
      >
        {`${appointment.service_name}, ${whenLabel(appointment)}. The time goes back to other clients.`}
      </ConfirmDialog>
    </Card>
  );
}
