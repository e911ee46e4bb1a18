import { useSuspenseQuery } from '@tanstack/react-query';
import { BookingReminder, NextAppointmentCard } from '@/features/appointments';
import { profileOf, userDetailQueryOptions } from '@/features/people';
import { Greeting } from './Greeting';
import { NextSteps } from './NextSteps';

/**
 * The client's journey at the top of home: a greeting by the clinic's clock,
 * the next appointment (which the client may cancel while the rules allow),
 * how to get ready for what they booked, and what to do next.
 */
export function JourneyHome({ clientId }: { clientId: string }) {
  const shown = profileOf(useSuspenseQuery(userDetailQueryOptions(clientId)).data);
  return (
    <>
      <Greeting firstName={shown.isPlaceholder ? '' : shown.profile.first_name} />
      <NextAppointmentCard clientId={clientId} cancellable />
      <BookingReminder clientId={clientId} />
      <NextSteps clientId={clientId} />
    </>
  );
}
