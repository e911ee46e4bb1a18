import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addDays, mondayOf } from '@contract';
import { useMemo } from 'react';
import type { Clinic } from '@/features/clinics';
import { clockOf, daySpan, formatDay, todayOn, useNow, wallTime } from '@/lib/intl';
import { useWithUnsentMoves } from '../api/mutations';
import {
  appointmentsQueryOptions,
  resourcesQueryOptions,
  scheduleGridQueryOptions,
  servicesQueryOptions,
} from '../api/queries';
import type { Appointment, ScheduleEntry } from '../model/labels';
import { hoursShown, scrollStartOf } from '../model/schedule-view';
import type { AppointmentsSearch } from '../model/search';
import type { ScheduleView } from './ScheduleGrid';

/** A stable empty list while nothing is loaded (hooks compare lists by identity). */
const NONE: readonly Appointment[] = [];
const NO_ENTRIES: readonly ScheduleEntry[] = [];

/**
 * What the schedule shows for the page's search: the span (a day, or a week
 * from its Monday, on the clinic's clock; a phone always a day), the clinic's
 * resources of the kind chosen, and the span's appointments with this
 * person's status moves not yet on the server.
 */
export function useSchedule(search: AppointmentsSearch, clinic: Clinic, phone: boolean) {
  const view: ScheduleView = phone ? 'day' : (search.view ?? 'day');
  const clock = clockOf(clinic.time_zone);
  const now = useNow(60_000);
  const today = todayOn(clock, now);
  const date = search.date ?? today;
  const first = view === 'week' ? mondayOf(date) : date;
  const days = view === 'week' ? 7 : 1;

  const resources = useQuery(resourcesQueryOptions(clinic.id));
  const services = useQuery(servicesQueryOptions());
  const span = daySpan(first, days, clock);
  const filters = { clinic: clinic.id, from: span.from, to: span.to };
  // A day is read whole (the day list and the dialog show every field, and today is kept for offline use); a week
  // only as its grid draws it, a third of the bytes, and an appointment opened from it is then read whole.
  const dayAppointments = useQuery({
    ...appointmentsQueryOptions(filters),
    placeholderData: keepPreviousData,
    enabled: view === 'day',
  });
  const weekEntries = useQuery({
    ...scheduleGridQueryOptions(filters),
    placeholderData: keepPreviousData,
    enabled: view === 'week',
  });

  const kinds = useMemo(
    () => [...new Set((resources.data?.results ?? []).map((resource) => resource.kind))],
    [resources.data],
  );
  const shownResources = useMemo(
    () => (resources.data?.results ?? []).filter((resource) => !search.kind || resource.kind === search.kind),
    [resources.data, search.kind],
  );
  const shownIds = new Set(shownResources.map((resource) => resource.id));
  const isShown = (appointment: ScheduleEntry) => shownIds.has(appointment.resource_id);
  const dayShown = useWithUnsentMoves(dayAppointments.data?.results ?? NONE);
  const weekShown = useWithUnsentMoves(weekEntries.data?.results ?? NO_ENTRIES);
  const all: readonly ScheduleEntry[] = view === 'week' ? weekShown : dayShown;
  const shownAppointments = all.filter(isShown);
  const daysShown = Array.from({ length: days }, (_, i) => addDays(first, i));
  const hours = hoursShown(clinic, clock, daysShown, shownAppointments);

  return {
    view,
    clock,
    today,
    date,
    first,
    days,
    dateText:
      view === 'week'
        ? `Week of ${formatDay(first, {}, clock.locale)}`
        : formatDay(date, { weekday: 'long' }, clock.locale),
    showsToday: first === (view === 'week' ? mondayOf(today) : today),
    resources,
    services,
    /** The span's read: whole appointments for a day, the grid's entries for a week. */
    appointments: view === 'week' ? weekEntries : dayAppointments,
    kinds,
    shownResources,
    /** The day's appointments, whole, on the shown resources (a phone's list). */
    dayShown: dayShown.filter(isShown),
    /** Every appointment of the span, on any resource (to name the client of one opened). */
    all,
    /** The day's whole appointments, for the dialog of one opened from the day. */
    dayListed: view === 'day' ? dayShown : null,
    shownAppointments,
    hours,
    /** Where the grid opens: about now when the span holds today, else at its first hour. */
    scrollStart: scrollStartOf(hours, daysShown, today, wallTime(now, clock)),
  };
}
