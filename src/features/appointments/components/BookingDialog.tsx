import { Group, Loader, Modal, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { Clinic } from '@/features/clinics';
import type { Resource, Service } from '../model/labels';

/** Where the person clicked: a resource and a time on the clinic's clock; either may be left to choose. */
export interface BookingSlot {
  resourceId: string | null;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, or empty to choose. */
  time: string;
}

// The form loads when someone first books, not with the schedule every visit to it draws.
const BookingForm = lazy(() => import('./BookingForm').then((module) => ({ default: module.BookingForm })));

/**
 * Booking from an empty slot (or the day list's Book button): the client
 * (searched on the server), the service (only those the resource can take;
 * its duration becomes the default), the time on the clinic's clock. A clash
 * shows the server's reason at the time and keeps everything typed.
 */
export function BookingDialog({
  slot,
  clinic,
  resources,
  services,
  onClose,
}: {
  slot: BookingSlot | null;
  clinic: Clinic;
  resources: readonly Resource[];
  services: readonly Service[];
  onClose: () => void;
}) {
  return (
    <Modal
      opened={slot !== null}
      onClose={onClose}
      title={
        <Text fw={700} size="lg">
          Book an appointment
        </Text>
      }
      size="lg"
    >
      {slot && (
        <Suspense
          fallback={
            <Group justify="center" py="lg" role="status" aria-label="Opening the booking form">
              <Loader />
            </Group>
          }
        >
          <BookingForm slot={slot} clinic={clinic} resources={resources} services={services} onDone={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}
