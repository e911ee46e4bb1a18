import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  servicesQueryOptions,
  upcomingAppointmentsQueryOptions,
  useWithUnsentMoves,
  type Appointment,
  type Service,
} from '@/features/appointments';
import { clinicsQueryOptions, type Clinic } from '@/features/clinics';
import { userDetailQueryOptions } from '@/features/people';

const NONE: readonly Appointment[] = [];

/**
 * What the portal's booking screens share: the clinics (the client's own
 * first), the services by id, and the client's own upcoming bookings with any
 * cancellation not yet sent.
 */
export function usePortalCatalog(clientId: string) {
  const clinics = useQuery(clinicsQueryOptions());
  const services = useQuery(servicesQueryOptions());
  const me = useQuery(userDetailQueryOptions(clientId));
  const upcoming = useQuery(upcomingAppointmentsQueryOptions(clientId));
  const shown = useWithUnsentMoves(upcoming.data ?? NONE);
  const serviceById = useMemo(
    () => new Map<string, Service>((services.data?.results ?? []).map((service) => [service.id, service])),
    [services.data],
  );
  const ownClinic = me.data?.Profile?.clinic ?? null;
  const orderedClinics = useMemo<Clinic[]>(() => {
    const list = [...(clinics.data?.results ?? [])];
    return list.sort((a, b) => Number(b.name === ownClinic) - Number(a.name === ownClinic));
  }, [clinics.data, ownClinic]);
  return {
    clinics: orderedClinics,
    clinicById: (id: string) => orderedClinics.find((clinic) => clinic.id === id),
    serviceById,
    profile: me.data?.Profile ?? null,
    email: me.data?.UserAttributes.find((attribute) => attribute.Name === 'email')?.Value ?? null,
    upcoming: shown,
    /** The first query still loading or failed, for the page's state. */
    pending: clinics.isPending || services.isPending,
    failed: clinics.isError ? clinics : services.isError ? services : upcoming.isError ? upcoming : null,
    upcomingPending: upcoming.isPending,
    offlineUnknown:
      (clinics.isPending && clinics.fetchStatus === 'paused') ||
      (services.isPending && services.fetchStatus === 'paused'),
  };
}
