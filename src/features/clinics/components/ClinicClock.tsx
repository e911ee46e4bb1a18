import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ClockProvider, useClock, type ClinicClock as Clock } from '@/lib/intl';
import { useSession } from '@/lib/auth/session';
import { clinicsQueryOptions } from '../api/queries';
import { clockOfClinic, mayReadClinics, type Clinic, type ClinicRef } from '../model/clinic';

const NONE: readonly Clinic[] = [];

/** The clinics, for whoever may read them (kept offline; loaded with the signed-in frame); none for the others. */
function useClinicList(): readonly Clinic[] {
  const { role } = useSession();
  return useQuery({ ...clinicsQueryOptions(), enabled: mayReadClinics(role) }).data?.results ?? NONE;
}

/**
 * The clinics whose contacts a person should use: the one `name` names (a client's own clinic), else every
 * clinic, as they are known on this device (none before the list is loaded).
 */
export function useClinicContacts(name: string | null | undefined): readonly Clinic[] {
  const clinics = useClinicList();
  const own = clinics.find((clinic) => clinic.name === name);
  return own ? [own] : clinics;
}

/** The clock of the clinic `ref` names (else the one around it): for a time of another clinic than the screen's. */
export function useClinicClock(ref: ClinicRef | null | undefined): Clock {
  const outer = useClock();
  return clockOfClinic(useClinicList(), ref, outer);
}

/** The clock of each clinic a list's records name (a client's visits at two clinics), by `ref`. */
export function useClinicClocks(): (ref: ClinicRef | null | undefined) => Clock {
  const outer = useClock();
  const clinics = useClinicList();
  return (ref) => clockOfClinic(clinics, ref, outer);
}

/** Every time inside is read on the clock of the clinic `of` names (a visit's, a client's, the chosen one). */
export function ClinicClock({ of, children }: { of: ClinicRef | null | undefined; children: ReactNode }) {
  return <ClockProvider clock={useClinicClock(of)}>{children}</ClockProvider>;
}
