import { Alert, Button } from '@mantine/core';
import type { Clinic } from '@/features/clinics';
import { clockOf, formatDate, formatTime } from '@/lib/intl';
import type { Slot } from '../model/booking';
import { SlotPicker } from './SlotPicker';
import type { SlotBooking } from './useSlotBooking';

/**
 * The last step of a client's booking: why the last try failed, the free
 * times of the chosen day, and the button that books the one chosen.
 */
export function BookingSlotStep({
  booking,
  serviceId,
  clinic,
  bookLabel,
  onBook,
}: {
  booking: SlotBooking;
  serviceId: string;
  clinic: Clinic;
  /** The button's first words, before the time ('Book', 'Book the call'). */
  bookLabel: string;
  onBook: (slot: Slot) => void;
}) {
  const { slot, day, problem } = booking;
  return (
    <>
      {problem && (
        <Alert color={problem.taken ? 'orange' : 'red'} variant="light" role="alert">
          {problem.message}
        </Alert>
      )}
      <SlotPicker
        serviceId={serviceId}
        clinic={clinic}
        day={day}
        onDayChange={booking.chooseDay}
        chosen={slot}
        onChoose={booking.chooseSlot}
      />
      <Button size="md" disabled={slot === null} loading={booking.pending} onClick={() => slot && onBook(slot)}>
        {slot
          ? `${bookLabel} ${formatDate(slot.starts_at, clockOf(clinic.time_zone))} at ${formatTime(slot.starts_at, clockOf(clinic.time_zone))}`
          : 'Choose a time to book'}
      </Button>
    </>
  );
}
