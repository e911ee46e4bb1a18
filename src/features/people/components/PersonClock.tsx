import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ClinicClock } from '@/features/clinics';
import { userDetailQueryOptions } from '../api/queries';

/**
 * Every time inside is read on the clock of a person's clinic (their
 * profile's `clinic`): the signed-in person's around every screen, a client's
 * on the portal and on the staff pages about the client. The profile is in the
 * cache already (the route loads it); without it, the clock around.
 */
export function PersonClock({ userId, children }: { userId: string; children: ReactNode }) {
  const clinic = useQuery({ ...userDetailQueryOptions(userId), enabled: userId !== '' }).data?.Profile?.clinic ?? null;
  return <ClinicClock of={{ name: clinic }}>{children}</ClinicClock>;
}
