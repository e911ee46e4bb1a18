import { Alert, Button, Divider, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { APPOINTMENT_MOVES, durationMinutes, durationOf } from '@contract';
import { useMemo, useState, type ReactNode } from 'react';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { toastFailure, toastSuccess } from '@/components/toasts';
import {
  clockOf,
  dateOn,
  formatDate,
  formatTime,
  formatTimeRange,
  instantOn,
  isWallTime,
  WALL_TIME_MESSAGE,
  wallTime,
  zoneName,
} from '@/lib/intl';
import { useOnline } from '@/pwa/connection';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moveAppointment,
  newActionKey,
  useChangeAppointment,
  useWithUnsentMoves,
  type ShownAppointment,
} from '../api/mutations';
import { appointmentQueryOptions } from '../api/queries';
import { MOVE_ACTIONS, type Appointment, type AppointmentStatus, type Resource } from '../model/labels';
import { MOVE_NOT_KEPT, isTimeRefusal, scheduleErrorMessage } from '../model/outcome';
import { StatusBadge } from './StatusBadge';
import { useHere } from '@/components/useHere';
import { Term } from '@/components/signed-in/Term';
import { ScheduleSubmit } from './ScheduleSubmit';
import { DayInput } from '@/components/DayInput';
import { AppointmentMessages } from '@/features/messages';

/** Lengths offered when moving an appointment, in minutes; its own is always among them. */
const LENGTHS = ['15', '20', '30', '45', '60', '90', '120', '180'];
const CONFIRMED_MOVES: readonly AppointmentStatus[] = ['cancelled', 'no_show'];

/** A stable empty list (hooks compare lists by identity). */
const NONE: readonly Appointment[] = [];

/**
 * The appointment `openId` whole: from `listed` when it is there (the day's list), else read on its own (opened
 * from the week grid, whose entries are not whole), with how that read goes for the dialog to say.
 */
function useOpenedAppointment(openId: string | null, listed: readonly ShownAppointment[] | null) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const found = openId === null ? undefined : listed?.find((item) => item.id === openId);
  const read = useQuery({
    ...appointmentQueryOptions(queryClient, openId ?? ''),
    enabled: openId !== null && found === undefined,
  });
  const readAlone = useMemo(() => (found === undefined && read.data ? [read.data] : NONE), [found, read.data]);
  const [shown] = useWithUnsentMoves(readAlone);
  const loading: Omit<AppointmentLoading, 'clientName'> = {
    state: read.isError && online ? 'error' : online ? 'loading' : 'offline',
    error: read.error,
    onRetry: () => void read.refetch(),
    retrying: read.isFetching,
  };
  return { appointment: found ?? shown ?? null, loading };
}

/** The dialog for the appointment `openId`, found in `listed` or read whole. */
export function AppointmentDialogById({
  openId,
  listed,
  clientName,
  ...rest
}: {
  openId: string | null;
  /** Whole appointments the dialog may take it from (null: read it). */
  listed: readonly ShownAppointment[] | null;
  /** Whose it is, for the title while it is read. */
  clientName: string;
} & Omit<Parameters<typeof AppointmentDialog>[0], 'appointment' | 'loading'>) {
  const opened = useOpenedAppointment(openId, listed);
  return (
    <AppointmentDialog
      appointment={opened.appointment}
      loading={openId !== null && opened.appointment === null ? { clientName, ...opened.loading } : null}
      {...rest}
    />
  );
}

export interface AppointmentLoading {
  clientName: string;
  state: 'loading' | 'offline' | 'error';
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

function LoadingAppointment({ loading }: { loading: AppointmentLoading }) {
  if (loading.state === 'offline') {
    return (
      <Alert color="yellow" variant="light" role="status">
        You are offline and this appointment has not been loaded on this device. It opens when the connection returns.
      </Alert>
    );
  }
  if (loading.state === 'error') {
    return (
      <QueryErrorAlert
        title="The appointment could not be loaded"
        error={loading.error}
        onRetry={loading.onRetry}
        retrying={loading.retrying}
      />
    );
  }
  return (
    <Group justify="center" py="lg" role="status" aria-label="Loading the appointment">
      <Loader />
    </Group>
  );
}

/**
 * One appointment, opened from the schedule, the day list or the hub: what it
 * is, the moves its status allows (check in, start, complete, cancel, no-show),
 * and, while it is booked, a form to move it to another time or resource.
 */
export function AppointmentDialog({
  appointment,
  loading = null,
  resources,
  onClose,
  actions,
}: {
  appointment: ShownAppointment | null;
  /** While the whole appointment is read (opened from the week grid): whose it is, and how the read goes. */
  loading?: AppointmentLoading | null;
  /** The clinic's resources that may take it (for moving it); none hides the resource choice. */
  resources: readonly Resource[];
  onClose: () => void;
  /** More that can be done with it, from other areas (the screen composing the dialog decides), e.g. its visit. */
  actions?: (appointment: ShownAppointment) => ReactNode;
}) {
  return (
    <Modal
      opened={appointment !== null || loading !== null}
      onClose={onClose}
      title={
        <Text fw={700} size="lg">
          {appointment ? appointment.client_name : (loading?.clientName ?? '')}
        </Text>
      }
      size="lg"
    >
      {!appointment && loading && <LoadingAppointment loading={loading} />}
      {appointment && (
        <AppointmentDetails
          key={`${appointment.id}:${appointment.version}`}
          appointment={appointment}
          resources={resources}
          onDone={onClose}
          actions={actions}
        />
      )}
    </Modal>
  );
}

function AppointmentDetails({
  appointment,
  resources,
  onDone,
  actions,
}: {
  appointment: ShownAppointment;
  resources: readonly Resource[];
  onDone: () => void;
  actions: ((appointment: ShownAppointment) => ReactNode) | undefined;
}) {
  const clock = clockOf(appointment.time_zone);
  const here = useHere();
  const [moving, setMoving] = useState<AppointmentStatus | null>(null);
  const [confirming, setConfirming] = useState<AppointmentStatus | null>(null);
  const moves = APPOINTMENT_MOVES[appointment.status];

  const move = (to: AppointmentStatus) => {
    if (CONFIRMED_MOVES.includes(to) && confirming !== to) {
      setConfirming(to);
      return;
    }
    setMoving(to);
    // Kept on this device and sent when the network allows; the schedule shows it at once.
    moveAppointment(appointment, to, here()).then(
      () => {
        toastSuccess(`${appointment.client_name}: ${appointment.service_name} ${MOVE_ACTIONS[to].done}.`);
        onDone();
      },
      () => {
        setMoving(null);
        setConfirming(null);
        toastFailure(MOVE_NOT_KEPT, `${MOVE_ACTIONS[to].label} did not work`);
      },
    );
  };

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="xs">
          <StatusBadge status={appointment.status} unsent={appointment.unsent} />
          <Text size="sm" fw={600}>
            {appointment.service_name}
          </Text>
        </Group>
        <Term inline size="sm" label="When">
          {formatDate(appointment.starts_at, clock)},{' '}
          {formatTimeRange(appointment.starts_at, appointment.ends_at, clock)} ({zoneName(clock, appointment.starts_at)}
          )
        </Term>
        <Term inline size="sm" label="Where">
          {appointment.resource_name}, {appointment.clinic_name}
        </Term>
        {appointment.staff_name && (
          <Term inline size="sm" label="With">
            {appointment.staff_name}
          </Term>
        )}
        {appointment.checked_in_at && (
          <Term inline size="sm" label="Checked in">
            {formatTime(appointment.checked_in_at, clock)}
          </Term>
        )}
        {appointment.notes && (
          <Term inline size="sm" label="Notes">
            {appointment.notes}
          </Term>
        )}
      </Stack>

      {/* Whether its confirmation and reminder went out, or why not; an unsent booking has none yet. */}
      {!appointment.unsent && <AppointmentMessages appointmentId={appointment.id} />}

      {moves.length > 0 && (
        <Group gap="sm">
          {moves.map((to) => {
            const danger = CONFIRMED_MOVES.includes(to);
            return (
              <Button
                key={to}
                color={danger ? 'red' : undefined}
                variant={danger ? (confirming === to ? 'filled' : 'light') : 'filled'}
                loading={moving === to}
                disabled={moving !== null}
                onClick={() => move(to)}
              >
                {confirming === to ? `Yes, ${MOVE_ACTIONS[to].label.toLowerCase()}` : MOVE_ACTIONS[to].label}
              </Button>
            );
          })}
        </Group>
      )}
      {appointment.unsent && (
        <Text size="sm" c="dimmed" role="status">
          A change of this appointment is kept on this device and not on the server yet.
        </Text>
      )}
      {actions && <Group gap="sm">{actions(appointment)}</Group>}

      {appointment.status === 'booked' && (
        <>
          <Divider />
          <RescheduleForm appointment={appointment} resources={resources} onDone={onDone} />
        </>
      )}
    </Stack>
  );
}

/** Moving a booked appointment: a form for touch and keyboard (a pointer can also drag it on the schedule). */
function RescheduleForm({
  appointment,
  resources,
  onDone,
}: {
  appointment: Appointment;
  resources: readonly Resource[];
  onDone: () => void;
}) {
  const clock = clockOf(appointment.time_zone);
  const change = useChangeAppointment();
  const [date, setDate] = useState(dateOn(appointment.starts_at, clock));
  const [time, setTime] = useState(wallTime(appointment.starts_at, clock));
  const [resourceId, setResourceId] = useState(appointment.resource_id);
  const [minutes, setMinutes] = useState(String(durationMinutes(appointment.duration)));
  const [refusal, setRefusal] = useState<string | null>(null);
  const choices = resources.filter((resource) => resource.kind === appointment.resource_kind);

  const submit = (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    if (!isWallTime(time)) {
      setRefusal(WALL_TIME_MESSAGE);
      return;
    }
    const patch = {
      starts_at: instantOn(date, time, clock),
      ...(resourceId !== appointment.resource_id ? { resource_id: resourceId } : {}),
      ...(durationOf(Number(minutes)) !== appointment.duration ? { duration: durationOf(Number(minutes)) } : {}),
    };
    change.mutate(
      { appointment, patch, idempotencyKey: newActionKey() },
      {
        onSuccess: (moved) => {
          toastSuccess(
            `${moved.client_name} moved to ${formatDate(moved.starts_at, clock)} at ${formatTime(moved.starts_at, clock)}, ${moved.resource_name}.`,
          );
          onDone();
        },
        onError: (error) => {
          if (isTimeRefusal(error)) setRefusal(scheduleErrorMessage(error));
          else toastFailure(scheduleErrorMessage(error), 'The appointment was not moved');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby={`move-${appointment.id}`}>
      <Stack gap="sm">
        <Text fw={600} id={`move-${appointment.id}`}>
          Move to another time
        </Text>
        <Group gap="sm" grow align="flex-start">
          <DayInput label="Day" required value={date} locale={clock.locale} onChange={setDate} />
          <TimeOfDayInput
            label={`Start (${zoneName(clock)})`}
            required
            value={time}
            onChange={setTime}
            error={refusal}
          />
        </Group>
        <Group gap="sm" grow align="flex-start">
          {choices.length > 1 && (
            <Select
              label="Resource"
              data={choices.map((resource) => ({ value: resource.id, label: resource.name }))}
              value={resourceId}
              onChange={(value) => value && setResourceId(value)}
              allowDeselect={false}
            />
          )}
          <Select
            label="Length"
            data={[...new Set([...LENGTHS, minutes])]
              .sort((a, b) => Number(a) - Number(b))
              .map((value) => ({
                value,
                label: `${value} min`,
              }))}
            value={minutes}
            onChange={(value) => value && setMinutes(value)}
            allowDeselect={false}
          />
        </Group>
        <ScheduleSubmit label="Move appointment" pending={change.isPending} />
      </Stack>
    </form>
  );
}
