import { useQueryClient } from '@tanstack/react-query';
import { scheduleKeys, useBookAppointment, useChangeAppointment } from '@/features/appointments';

/**
 * A client's booking and move: they claim time, so they go straight to the
 * server (which decides who gets it), each with one Idempotency-Key per choice
 * that every retry sends again. After either, free times are read again.
 */
export function useBookSlot() {
  const queryClient = useQueryClient();
  const book = useBookAppointment();
  return {
    ...book,
    book: async (...args: Parameters<typeof book.mutateAsync>) => {
      try {
        return await book.mutateAsync(...args);
      } finally {
        void queryClient.invalidateQueries({ queryKey: scheduleKeys.slots() });
      }
    },
  };
}

export function useMoveBooking() {
  const queryClient = useQueryClient();
  const change = useChangeAppointment();
  return {
    ...change,
    move: async (...args: Parameters<typeof change.mutateAsync>) => {
      try {
        return await change.mutateAsync(...args);
      } finally {
        void queryClient.invalidateQueries({ queryKey: scheduleKeys.slots() });
      }
    },
  };
}
