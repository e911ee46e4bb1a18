import { THERAPY_INFO, type components } from '@contract';
import { clockOf, formatDate, formatWhen, type ClinicClock } from '@/lib/intl';

type Schemas = components['schemas'];

/** "tomorrow 09:30 · IV hydration drip · IV chair 2, Thrive Bengaluru", on the appointment's clinic's clock. */
export function appointmentLine(appointment: Schemas['Appointment']): string {
  return `${formatWhen(appointment.starts_at, clockOf(appointment.time_zone))} · ${appointment.service_name} · ${appointment.resource_name}, ${appointment.clinic_name}`;
}

/** "Sat 28 Nov 2026 · IV therapy": a visit's date on its clinic's clock, and its therapy. */
export function visitLine(visit: Schemas['VisitSummary'], clock: ClinicClock): string {
  return `${formatDate(visit.created_at, clock)} · ${THERAPY_INFO[visit.therapy].name}`;
}

/** A value that loads on its own, in a line: what it says once there, else that it is loading or could not load. */
export function loadedLine<T>(query: { data: T | undefined; isError: boolean }, line: (data: T) => string): string {
  if (query.data !== undefined) return line(query.data);
  return query.isError ? 'Could not be loaded' : '…';
}
