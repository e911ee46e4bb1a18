import { lazy } from 'react';

/** The schedule screen, with the calendar library, loads only when /appointments opens. */
export const AppointmentsPage = lazy(() =>
  import('./components/AppointmentsPage').then((module) => ({ default: module.AppointmentsPage })),
);
export { moveAppointment, useWithUnsentMoves, type ShownAppointment } from './api/mutations';
export { clientAppointmentsQueryOptions } from './api/client-appointments';
export { clinicDayQueryOptions, clinicsQueryOptions, scheduleKeys } from './api/queries';
export { AppointmentDialog } from './components/AppointmentDialog';
export { NextAppointmentCard } from './components/NextAppointmentCard';
export { StatusBadge } from './components/StatusBadge';
export type { Appointment } from './model/labels';
export { parseAppointmentsSearch, pickClinic } from './model/search';
export { clinicTime, clinicToday, daySpan, waitedFor } from './model/time';
