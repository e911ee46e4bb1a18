import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * The schedule screen, with the calendar library, loads only when /appointments opens, or is pointed at: the
 * route's loader, which the router runs on intent, calls `preload`, so the click renders at once.
 */
export const AppointmentsPage = lazyRouteComponent(() => import('./components/AppointmentsPage'), 'AppointmentsPage');
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
  scheduleKeys,
  servicesQueryOptions,
  slotsQueryOptions,
  upcomingAppointmentsQueryOptions,
} from './api/queries';
export { AppointmentDialog } from './components/AppointmentDialog';
export { BookingReminder } from './components/BookingReminder';
export { FreeTimesState } from './components/FreeTimesState';
export { Preparation, whenLabel } from './components/Preparation';
export { NextAppointmentCard } from './components/NextAppointmentCard';
export { StatusBadge } from './components/StatusBadge';
export type { Appointment, Service } from './model/labels';
export { parseAppointmentsSearch } from './model/search';
