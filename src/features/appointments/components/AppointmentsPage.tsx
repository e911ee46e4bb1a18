import '@mantine/schedule/styles.css';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSuspenseQuery, type UseQueryResult } from '@tanstack/react-query';
import { addDays } from '@contract';
import { useState, type ReactNode } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { useAfterFirstCommit } from '@/components/progressive-render';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { clinicsQueryOptions, pickClinic, type Clinic } from '@/features/clinics';
import { formatDate, formatTime, instantOn, type ClinicClock } from '@/lib/intl';
import { HUB_CRUMB, type Crumb } from '@/lib/navigation';
import { useOnline } from '@/pwa/connection';
import { newActionKey, useChangeAppointment, type ShownAppointment } from '../api/mutations';
import type { ScheduleEntry } from '../model/labels';
import { NEEDS_NETWORK_MESSAGE, scheduleErrorMessage } from '../model/outcome';
import type { AppointmentsSearch } from '../model/search';
import { AppointmentDialogById } from './AppointmentDialog';
import { BookingDialog, type BookingSlot } from './BookingDialog';
import { DayList } from './DayList';
import { ScheduleControls } from './ScheduleControls';
import { ScheduleGrid } from './ScheduleGrid';
import { useSchedule } from './useSchedule';

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
  const schedule = useSchedule(search, clinic, phone);
  const { view, clock, today, date, first, days, resources, appointments } = schedule;
  // The schedule (a grid of every resource's day or week) follows the page's frame: on a slow tablet it is most of
  // the page's render, and the heading and controls need not wait for it.
  const scheduleShown = useAfterFirstCommit();
  const [slot, setSlot] = useState<BookingSlot | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const set = (next: Partial<AppointmentsSearch>) => onSearchChange({ ...search, ...next });
  const step = (direction: 1 | -1) => set({ date: addDays(first, direction * days) });

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
        kinds={schedule.kinds}
        kind={search.kind}
        view={phone ? null : view}
        clock={clock}
        dateText={schedule.dateText}
        showsToday={schedule.showsToday}
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
          appointments={schedule.dayShown}
          isToday={date === today}
          clock={clock}
          onOpen={(appointment) => setOpenId(appointment.id)}
          emptyText={`Nothing is booked at ${clinic.name} on this day.`}
        />
      ) : schedule.shownResources.length === 0 ? (
        <Text c="dimmed">This clinic has no resources of that kind.</Text>
      ) : (
        <ScheduleGrid
          // A new day or view opens scrolled to its own start (now, on today).
          key={`${view} ${first}`}
          view={view}
          date={first}
          clock={clock}
          resources={schedule.shownResources}
          appointments={schedule.shownAppointments}
          hours={schedule.hours}
          scrollStart={schedule.scrollStart}
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
        services={schedule.services.data?.results ?? []}
        onClose={() => setSlot(null)}
      />
      <AppointmentDialogById
        openId={openId}
        listed={schedule.dayListed}
        clientName={schedule.all.find((appointment) => appointment.id === openId)?.client_name ?? ''}
        resources={resources.data?.results ?? []}
        onClose={() => setOpenId(null)}
        actions={appointmentActions}
      />
    </>
  );
}
