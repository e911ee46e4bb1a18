import { lazy } from 'react';

/** The schedule screen, with the calendar library, loads only when /appointments opens. */
export const AppointmentsPage = lazy(() =>
  import('./components/AppointmentsPage').then((module) => ({ default: module.AppointmentsPage })),
);
export {
  moveAppointment,
  newActionKey,
  useBookAppointment,
  useChangeAppointment,
  useWithUnsentMoves,
  type ShownAppointment,
} from './api/mutations';
export { clientAppointmentsQueryOptions } from './api/client-appointments';
export {
  clinicDayQueryOptions,
  clinicsQueryOptions,
  scheduleKeys,
  servicesQueryOptions,
  upcomingAppointmentsQueryOptions,
} from './api/queries';
export { AppointmentDialog } from './components/AppointmentDialog';
export { NextAppointmentCard } from './components/NextAppointmentCard';
export { StatusBadge } from './components/StatusBadge';
export type { Appointment, Clinic, Service } from './model/labels';
export { parseAppointmentsSearch, pickClinic } from './model/search';
export { clinicTime, clinicToday, dayLabel, daySpan, waitedFor, zoneAbbreviation } from './model/time';
