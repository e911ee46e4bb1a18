import { reachesEveryone, type components } from '@contract';
import { isRole } from '@/lib/auth/roles';
import { clockOf, UTC_CLOCK, type ClinicClock } from '@/lib/intl';

export type Clinic = components['schemas']['Clinic'];

/**
 * Which clinic something belongs to, as its record says it: a visit by id, a
 * client by its profile's clinic name, an appointment by its zone.
 */
export interface ClinicRef {
  id?: string | null;
  name?: string | null;
  timeZone?: string | null;
}

/**
 * Whether someone of `role` may read the clinics (the booking catalogue, openapi/access.ts): every role but
 * ADMIN, whose screens are the accounts' and show no clinic's times.
 */
export function mayReadClinics(role: string | null): boolean {
  // Those who book, and the administration that sets each clinic's messaging up (the server's rule: listClinics).
  return (
    isRole(role) &&
    (reachesEveryone({ id: '', role }, 'booking.catalog') || reachesEveryone({ id: '', role }, 'clinics.messaging'))
  );
}

/** The clinic asked for, else the person's own (by name), else the first. */
export function pickClinic(clinics: readonly Clinic[], id: string | undefined, homeName: string | null): Clinic | null {
  return (
    clinics.find((clinic) => clinic.id === id) ??
    clinics.find((clinic) => clinic.name === homeName) ??
    clinics[0] ??
    null
  );
}

/**
 * The clock `ref` names; when it names no clinic the app knows, the clock
 * around it (`outer`), and where there is none, the first clinic's.
 */
export function clockOfClinic(
  clinics: readonly Clinic[],
  ref: ClinicRef | null | undefined,
  outer: ClinicClock = UTC_CLOCK,
): ClinicClock {
  if (ref?.timeZone) return clockOf(ref.timeZone);
  const named =
    (ref?.id ? clinics.find((clinic) => clinic.id === ref.id) : undefined) ??
    (ref?.name ? clinics.find((clinic) => clinic.name === ref.name) : undefined);
  if (named) return clockOf(named.time_zone);
  if (outer !== UTC_CLOCK) return outer;
  return clinics[0] ? clockOf(clinics[0].time_zone) : UTC_CLOCK;
}
