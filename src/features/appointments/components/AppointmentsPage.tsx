import '@mantine/schedule/styles.css';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useSuspenseQuery, type UseQueryResult } from '@tanstack/react-query';
import { addDays, mondayOf } from '@contract';
import { useMemo, useState, type ReactNode } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { useAfterFirstCommit } from '@/components/progressive-render';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { clinicsQueryOptions, pickClinic, type Clinic } from '@/features/clinics';
import {
  clockOf,
  daySpan,
  formatDate,
  formatDay,
  formatTime,
  instantOn,
  todayOn,
  useNow,
  wallTime,
  type ClinicClock,
} from '@/lib/intl';
import { HUB_CRUMB, type Crumb } from '@/lib/navigation';
import { useOnline } from '@/pwa/connection';
import { newActionKey, useChangeAppointment, useWithUnsentMoves, type ShownAppointment } from '../api/mutations';
import {
  appointmentsQueryOptions,
  resourcesQueryOptions,
  scheduleGridQueryOptions,
  servicesQueryOptions,
} from '../api/queries';
import type { Appointment, ScheduleEntry } from '../model/labels';
import { NEEDS_NETWORK_MESSAGE, scheduleErrorMessage } from '../model/outcome';
import { hoursShown, scrollStartOf } from '../model/schedule-view';
import type { AppointmentsSearch } from '../model/search';
import { AppointmentDialogById } from './AppointmentDialog';
import { BookingDialog, type BookingSlot } from './BookingDialog';
import { DayList } from './DayList';
import { ScheduleControls } from './ScheduleControls';
import { ScheduleGrid, type ScheduleView } from './ScheduleGrid';

/** A stable empty list while nothing is loaded (hooks compare lists by identity). */
const NONE: readonly Appointment[] = [];
const NO_ENTRIES: readonly ScheduleEntry[] = [];

const CRUMBS: readonly Crumb[] = [HUB_CRUMB, { label: 'Appointments' }];

/** Layout is mobile below 768 px (spec section 9): phones get the day list. */
const PHONE = '(max-width: 767.98px)';

/**
 * /appointments: one clinic's schedule, by day or week, its resources as lanes
 * against the clinic's clock. Book from an empty slot, open an appointment to
 * move it on or reschedule it; phones get the day as a list.
 */
export function AppointmentsPage({
  search,
  onSearchChange,
  homeClinic,
  appointmentActions,
}: {
  search: AppointmentsSearch;
  onSearchChange: (next: AppointmentsSearch) => void;
  /** The signed-in person's clinic (by name), shown first. */
  homeClinic: string | null;
  /** More that can be done with an opened appointment (its visit). */
  appointmentActions?: (appointment: ShownAppointment) => ReactNode;
}) {
  const { data: clinicList } = useSuspenseQuery(clinicsQueryOptions());
  const clinic = pickClinic(clinicList.results, search.clinic, homeClinic);
  // The controls and the schedule follow the heading: on a slow tablet they are most of the page's render.
  const bodyShown = useAfterFirstCommit();

  if (!clinic) {
    return (
      <PageFrame title="Appointments" crumbs={CRUMBS} purpose="No clinic is set up yet.">
        <Text>There is no clinic to show. An administrator adds clinics and their resources.</Text>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title="Appointments"
      crumbs={CRUMBS}
      purpose="Book, move, check in and close appointments across the clinic’s chairs, chambers and rooms."
    >
      {bodyShown && (
        <Schedule
          search={search}
          onSearchChange={onSearchChange}
          clinics={clinicList.results}
          clinic={clinic}
          appointmentActions={appointmentActions}
        />
      )}
    </PageFrame>
  );
}

/** Moves a booked appointment dragged to another time or resource, and says where it went or why not. */
function useMoveByDrag(clock: ClinicClock, online: boolean) {
  const change = useChangeAppointment();
  return (appointment: ScheduleEntry, wallClock: string, resourceId: string) => {
    if (!online) {
      toastFailure(NEEDS_NETWORK_MESSAGE, 'The appointment was not moved');
      return;
    }
    const startsAt = instantOn(wallClock.slice(0, 10), wallClock.slice(11, 19), clock);
    change.mutate(
      {
        appointment,
        patch: { starts_at: startsAt, ...(resourceId !== appointment.resource_id ? { resource_id: resourceId } : {}) },
        idempotencyKey: newActionKey(),
      },
      {
        onSuccess: (moved) =>
          toastSuccess(
            `${moved.client_name} moved to ${formatDate(moved.starts_at, clock)} at ${formatTime(moved.starts_at, clock)}, ${moved.resource_name}.`,
          ),
        onError: (error) => toastFailure(scheduleErrorMessage(error), 'The appointment was not moved'),
      },
    );
  };
}

/** The schedule is not on this device: it could not be loaded, or the device is offline and never had it. */
function ScheduleUnavailable({ query, online }: { query: UseQueryResult<unknown>; online: boolean }) {
  return online && query.isError ? (
    <QueryErrorAlert title="The schedule could not be loaded" query={query} />
  ) : (
    <Alert color="yellow" variant="light" role="status">
      You are offline and this schedule has not been loaded on this device. It loads when the connection returns.
    </Alert>
  );
}

/** The page's controls (clinic, resources, view, day), its schedule, and the dialogs to book and to open one. */
function Schedule({
  search,
  onSearchChange,
  clinics,
  clinic,
  appointmentActions,
}: {
  search: AppointmentsSearch;
  onSearchChange: (next: AppointmentsSearch) => void;
  clinics: readonly Clinic[];
  clinic: Clinic;
  appointmentActions?: (appointment: ShownAppointment) => ReactNode;
}) {
  const phone = useMediaQuery(PHONE) ?? false;
  const online = useOnline();
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
  const appointments = view === 'week' ? weekEntries : dayAppointments;
  // The schedule (a grid of every resource's day or week) follows the page's frame: on a slow tablet it is most of
  // the page's render, and the heading and controls need not wait for it.
  const scheduleShown = useAfterFirstCommit();

  const [slot, setSlot] = useState<BookingSlot | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const kinds = useMemo(
    () => [...new Set((resources.data?.results ?? []).map((resource) => resource.kind))],
    [resources.data],
  );
  const shownResources = useMemo(
    () => (resources.data?.results ?? []).filter((resource) => !search.kind || resource.kind === search.kind),
    [resources.data, search.kind],
  );
  const shownIds = new Set(shownResources.map((resource) => resource.id));
  // With this person's status moves that have not reached the server yet.
  const dayShown = useWithUnsentMoves(dayAppointments.data?.results ?? NONE);
  const weekShown = useWithUnsentMoves(weekEntries.data?.results ?? NO_ENTRIES);
  const all: readonly ScheduleEntry[] = view === 'week' ? weekShown : dayShown;
  const shownAppointments = all.filter((appointment) => shownIds.has(appointment.resource_id));

  const daysShown = Array.from({ length: days }, (_, i) => addDays(first, i));
  const hours = hoursShown(clinic, clock, daysShown, shownAppointments);

  const set = (next: Partial<AppointmentsSearch>) => onSearchChange({ ...search, ...next });
  const step = (direction: 1 | -1) => set({ date: addDays(first, direction * days) });
  const dateText =
    view === 'week'
      ? `Week of ${formatDay(first, {}, clock.locale)}`
      : formatDay(date, { weekday: 'long' }, clock.locale);

  const openSlot = (resourceId: string | null, wallClock: string | null) => {
    if (!online) {
      toastFailure(NEEDS_NETWORK_MESSAGE, 'Booking needs a connection');
      return;
    }
    setSlot({
      resourceId,
      date: wallClock ? wallClock.slice(0, 10) : date,
      time: wallClock ? wallClock.slice(11, 16) : '',
    });
  };

  const moveByDrag = useMoveByDrag(clock, online);

  return (
    <>
      <ScheduleControls
        clinics={clinics}
        clinic={clinic}
        kinds={kinds}
        kind={search.kind}
        view={phone ? null : view}
        clock={clock}
        dateText={dateText}
        showsToday={first === (view === 'week' ? mondayOf(today) : today)}
        stepLabels={view === 'week' ? ['Previous week', 'Next week'] : ['Previous day', 'Next day']}
        onChange={set}
        onStep={step}
        onToday={() => set({ date: today })}
        onBook={() => openSlot(null, null)}
      />

      {(appointments.isError || appointments.fetchStatus === 'paused') && !appointments.data ? (
        <ScheduleUnavailable query={appointments} online={online} />
      ) : !appointments.data || !resources.data || !scheduleShown ? (
        <Group justify="center" py="xl" role="status" aria-label="Loading the schedule">
          <Loader />
        </Group>
      ) : phone ? (
        <DayList
          appointments={dayShown.filter((appointment) => shownIds.has(appointment.resource_id))}
          isToday={date === today}
          clock={clock}
          onOpen={(appointment) => setOpenId(appointment.id)}
          emptyText={`Nothing is booked at ${clinic.name} on this day.`}
        />
      ) : shownResources.length === 0 ? (
        <Text c="dimmed">This clinic has no resources of that kind.</Text>
      ) : (
        <ScheduleGrid
          // A new day or view opens scrolled to its own start (now, on today).
          key={`${view} ${first}`}
          view={view}
          date={first}
          clock={clock}
          resources={shownResources}
          appointments={shownAppointments}
          hours={hours}
          scrollStart={scrollStartOf(hours, daysShown, today, wallTime(now, clock))}
          onSlot={openSlot}
          onOpen={(appointment) => setOpenId(appointment.id)}
          onMove={moveByDrag}
        />
      )}
      {appointments.data?.truncated && (
        <Text size="sm" c="dimmed">
          Only the first {appointments.data.results.length} appointments of this span are shown; choose a day or a kind
          of resource to see the rest.
        </Text>
      )}

      <BookingDialog
        slot={slot}
        clinic={clinic}
        resources={resources.data?.results ?? []}
        services={services.data?.results ?? []}
        onClose={() => setSlot(null)}
      />
      <AppointmentDialogById
        openId={openId}
        listed={view === 'day' ? dayShown : null}
        clientName={all.find((appointment) => appointment.id === openId)?.client_name ?? ''}
        resources={resources.data?.results ?? []}
        onClose={() => setOpenId(null)}
        actions={appointmentActions}
      />
    </>
  );
}
