import { useState } from 'react';
import { newActionKey, type Appointment } from '@/features/appointments';
import { useBookSlot } from '../api/book';
import { bookingFailure, isSlotTaken, type Slot } from '../model/booking';

type BookBody = Parameters<ReturnType<typeof useBookSlot>['book']>[0]['body'];

export interface BookingProblem {
  message: string;
  /** Someone else took the time: fresh times show, and every other choice stays. */
  taken: boolean;
}

/**
 * A client's booking of one free time, as the test and intake-call pages make
 * it: the day and time chosen, one Idempotency-Key per choice (a second tap or
 * a retry books once), the problem of the last try, and what was booked.
 */
export function useSlotBooking() {
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [key, setKey] = useState(newActionKey);
  const [problem, setProblem] = useState<BookingProblem | null>(null);
  const [booked, setBooked] = useState<Appointment | null>(null);
  const booking = useBookSlot();

  return {
    /** The day the person chose, or null: the picker then opens on the first day with a free time. */
    day,
    slot,
    problem,
    booked,
    pending: booking.isPending,
    chooseDay: (next: string): void => {
      setDay(next);
      setSlot(null);
    },
    chooseSlot: (next: Slot): void => {
      setSlot(next);
      setProblem(null);
      setKey(newActionKey());
    },
    /** Another clinic or service: its own days and times. */
    startOver: (): void => {
      setDay(null);
      setSlot(null);
      setProblem(null);
    },
    forgetBooked: (): void => {
      setBooked(null);
      setProblem(null);
    },
    /** Books the chosen time; true when it is booked. */
    book: async (chosen: Slot, body: Omit<BookBody, 'resource_id' | 'starts_at'>): Promise<boolean> => {
      setProblem(null);
      try {
        const made = await booking.book({
          body: { ...body, resource_id: chosen.resource_id, starts_at: chosen.starts_at },
          idempotencyKey: key,
        });
        setBooked(made);
        setSlot(null);
        return true;
      } catch (error) {
        setProblem({ message: bookingFailure(error), taken: isSlotTaken(error) });
        if (isSlotTaken(error)) setSlot(null);
        setKey(newActionKey());
        return false;
      }
    },
  };
}

export type SlotBooking = ReturnType<typeof useSlotBooking>;
