import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import type { Slot } from '../model/booking';
import { BookingSlotStep } from './BookingSlotStep';
import { ClinicSelect } from './ClinicSelect';
import { usePortalCatalog } from './usePortalCatalog';
import { useSlotBooking } from './useSlotBooking';

/**
 * What every portal booking page holds: the catalogue (clinics, services, the
 * client's coming bookings), the clinic chosen (the client's own first), and
 * the booking of one free time there. Choosing another clinic starts the
 * booking over.
 */
export function useBookingFrame(clientId: string) {
  const catalog = usePortalCatalog(clientId);
  const [clinicId, setClinicId] = useState<string | null>(null);
  const clinic = (clinicId ? catalog.clinicById(clinicId) : undefined) ?? catalog.clinics[0];
  const booking = useSlotBooking();
  return {
    catalog,
    clinic,
    booking,
    chooseClinic: (next: string): void => {
      setClinicId(next);
      booking.startOver();
    },
  };
}

export type BookingFrameState = ReturnType<typeof useBookingFrame>;

/**
 * A booking page until what it needs is there: the error with a way to try
 * again, a quiet line offline when nothing is saved, a skeleton while it
 * loads; then the page.
 */
export function BookingFrame({
  frame,
  what,
  also,
  waitForBookings = false,
  children,
}: {
  frame: BookingFrameState;
  /** What the page shows, for its messages: 'The tests', 'Your intake call'. */
  what: string;
  /** The page's own query beside the catalogue (the tests). */
  also?: UseQueryResult<unknown>;
  /** The page shows nothing before the client's coming bookings are known (the intake call). */
  waitForBookings?: boolean;
  children: ReactNode;
}) {
  const { catalog } = frame;
  const failed = also?.isError ? also : catalog.failed;
  if (failed) {
    return <QueryErrorAlert title={`${what} could not be loaded`} query={failed} />;
  }
  if (catalog.offlineUnknown || (also?.isPending && also.fetchStatus === 'paused')) {
    return <Text>You are offline. {what} will show here once the connection returns.</Text>;
  }
  if (catalog.pending || also?.isPending || (waitForBookings && catalog.upcomingPending) || !frame.clinic) {
    return <Skeleton height={240} role="status" aria-label={`Loading ${what.toLowerCase()}`} />;
  }
  return <Stack gap="lg">{children}</Stack>;
}

/** The booking just made, said at the top of the page. */
export function BookedNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="teal" variant="light" role="status">
      <Stack gap="xs">
        <Text fw={700}>{title}</Text>
        {children}
      </Stack>
    </Alert>
  );
}

/** The clinic the booking is made at (the client's own first); another starts the booking over. */
export function ClinicStep({ frame }: { frame: BookingFrameState }) {
  if (!frame.clinic) return null;
  return <ClinicSelect clinics={frame.catalog.clinics} value={frame.clinic.id} onChange={frame.chooseClinic} />;
}

/** A free time of the service at the chosen clinic, and the button that books it. */
export function TimeStep({
  frame,
  serviceId,
  bookLabel,
  onBook,
}: {
  frame: BookingFrameState;
  serviceId: string;
  /** The button's first words, before the time ('Book', 'Book the call'). */
  bookLabel: string;
  onBook: (slot: Slot) => void;
}) {
  if (!frame.clinic) return null;
  return (
    <BookingSlotStep
      booking={frame.booking}
      serviceId={serviceId}
      clinic={frame.clinic}
      bookLabel={bookLabel}
      onBook={onBook}
    />
  );
}
