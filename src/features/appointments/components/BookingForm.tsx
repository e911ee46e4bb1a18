import { Alert, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useThrottledValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { durationMinutes, durationOf } from '@contract';
import { useMemo, useState } from 'react';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { toastSuccess } from '@/components/toasts';
import type { Clinic } from '@/features/clinics';
import { userListQueryOptions } from '@/features/people';
import {
  clockOf,
  formatDate,
  formatTime,
  instantOn,
  isWallTime,
  WALL_TIME_MESSAGE,
  zoneName,
  type ClinicClock,
} from '@/lib/intl';
import { SEARCH_PAUSE_MS } from '@/lib/query/search-pause';
import { useBookAppointment } from '../api/mutations';
import type { AppointmentCreate, Resource, Service } from '../model/labels';
import { isTimeRefusal, scheduleErrorMessage } from '../model/outcome';
import type { BookingSlot } from './BookingDialog';
import { NextFreeTimes } from './NextFreeTimes';
import { useBookingDraft } from './useBookingDraft';
import { ScheduleSubmit } from './ScheduleSubmit';
import { DayInput } from '@/components/DayInput';
import { GrowingTextarea } from '@/components/GrowingTextarea';

const LENGTHS = ['15', '20', '30', '45', '60', '90', '120', '180'];

/** Searches clients by name, e-mail or phone, as the user list's server search does. */
function ClientField({
  value,
  onChange,
}: {
  value: { id: string; label: string } | null;
  onChange: (client: { id: string; label: string } | null) => void;
}) {
  const [search, setSearch] = useState('');
  const asked = useThrottledValue(search.trim(), SEARCH_PAUSE_MS);
  const clients = useQuery({
    ...userListQueryOptions({ role: 'CLIENT', search: asked, page_size: 8 }),
    enabled: asked.length >= 2,
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const found = (asked.length >= 2 ? (clients.data?.results ?? []) : []).map((client) => ({
      value: client.id,
      label: [`${client.first_name} ${client.last_name}`, client.email, client.phone_number]
        .filter(Boolean)
        .join(' · '),
    }));
    // The chosen client stays an option while other searches run.
    if (value && !found.some((option) => option.value === value.id))
      found.unshift({ value: value.id, label: value.label });
    return found;
  }, [clients.data, asked, value]);

  return (
    <Select
      label="Client"
      placeholder="Name, e-mail or phone"
      searchable
      required
      data={options}
      value={value?.id ?? null}
      onChange={(id, option) => onChange(id ? { id, label: option.label } : null)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already matched: show its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        asked.length < 2 ? 'Type at least 2 letters' : clients.isFetching ? 'Searching…' : 'No client matches'
      }
      rightSection={clients.isFetching ? <Loader size="xs" /> : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** When: the day, the start on the clinic's clock (where a clash is said) and the length. */
function WhenFields({
  clock,
  date,
  time,
  minutes,
  refusal,
  onChange,
}: {
  clock: ClinicClock;
  date: string;
  time: string;
  minutes: string | null;
  refusal: string | null;
  onChange: (next: { date?: string; time?: string; minutes?: string | null }) => void;
}) {
  const lengths = minutes && !LENGTHS.includes(minutes) ? [...LENGTHS, minutes] : LENGTHS;
  return (
    <Group gap="sm" grow align="flex-start">
      <DayInput label="Day" required value={date} locale={clock.locale} onChange={(day) => onChange({ date: day })} />
      <TimeOfDayInput
        label={`Start (${zoneName(clock)})`}
        required
        value={time}
        onChange={(next) => onChange({ time: next })}
        error={refusal}
      />
      <Select
        label="Length"
        required
        data={lengths.map((value) => ({ value, label: `${value} min` }))}
        value={minutes}
        onChange={(value) => onChange({ minutes: value })}
        allowDeselect={false}
      />
    </Group>
  );
}

/** Why nothing was booked: the time is taken (everything typed stays), or something else went wrong. */
function BookingRefusals({ refusal, failure }: { refusal: string | null; failure: string | null }) {
  return (
    <>
      {refusal && (
        <Alert color="red" variant="light" role="alert" title="That time is not free">
          {refusal} Choose another time or resource; everything else stays as you typed it.
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" title="Not booked">
          {failure}
        </Alert>
      )}
    </>
  );
}

/** Sends a booking: says who is booked when and where, or why not (the time is taken, or anything else). */
function useSendBooking(
  clock: ClinicClock,
  {
    onDone,
    onRefused,
    onFailed,
  }: { onDone: () => void; onRefused: (message: string) => void; onFailed: (message: string) => void },
) {
  const book = useBookAppointment();
  const send = (body: AppointmentCreate, idempotencyKey: string) =>
    book.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (booked) => {
          toastSuccess(
            `${booked.client_name} is booked for ${booked.service_name} on ${formatDate(booked.starts_at, clock)} at ${formatTime(booked.starts_at, clock)}, ${booked.resource_name}.`,
            'Booked',
          );
          onDone();
        },
        onError: (error) => (isTimeRefusal(error) ? onRefused : onFailed)(scheduleErrorMessage(error)),
      },
    );
  return { send, pending: book.isPending };
}

/**
 * What is booked from a slot: the client (searched on the server), the service
 * (only those the resource can take; its duration becomes the default), the
 * time on the clinic's clock. A clash shows the server's reason at the time
 * and keeps everything typed. Loaded when the dialog first opens.
 */
export function BookingForm({
  slot,
  clinic,
  resources,
  services,
  onDone,
}: {
  slot: BookingSlot;
  clinic: Clinic;
  resources: readonly Resource[];
  services: readonly Service[];
  onDone: () => void;
}) {
  const clock = clockOf(clinic.time_zone);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { send, pending } = useSendBooking(clock, { onDone, onRefused: setRefusal, onFailed: setFailure });
  const draft = useBookingDraft(slot, resources, services);
  const { client, resource, service, date, time, minutes, notes } = draft;

  const submit = (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    setFailure(null);
    if (!client || !resource || !service || !time || !minutes) {
      setFailure('Choose the client, the resource, the service and the start time.');
      return;
    }
    if (!isWallTime(time)) {
      setRefusal(WALL_TIME_MESSAGE);
      return;
    }
    send(
      {
        client_id: client.id,
        resource_id: resource.id,
        service_id: service.id,
        starts_at: instantOn(date, time, clock),
        duration: durationOf(Number(minutes)),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      },
      draft.actionKey,
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {clinic.name}. Times are on the clinic’s 24-hour clock ({clock.timeZone}, {zoneName(clock)}).
        </Text>
        <ClientField value={client} onChange={draft.chooseClient} />
        <Select
          label="Resource"
          required
          data={resources.map((item) => ({ value: item.id, label: item.name }))}
          value={draft.resourceId}
          onChange={draft.chooseResource}
          searchable
        />
        <Select
          label="Service"
          required
          data={draft.fitting.map((item) => ({
            value: item.id,
            label: `${item.name} (${durationMinutes(item.default_duration)} min)`,
          }))}
          value={draft.serviceId}
          onChange={draft.chooseService}
          nothingFoundMessage="No service is booked on this resource"
        />
        <NextFreeTimes
          clinic={clinic}
          serviceId={draft.serviceId}
          resourceId={draft.askedResourceId}
          clientId={client?.id ?? null}
          fromDate={slot.date}
          fromTime={slot.time}
          resources={resources}
          chosen={draft.resourceId && time ? { date, time, resourceId: draft.resourceId } : null}
          onChoose={(free) => {
            setRefusal(null);
            draft.chooseFreeTime(free);
          }}
        />
        <WhenFields
          clock={clock}
          date={date}
          time={time}
          minutes={minutes}
          refusal={refusal}
          onChange={draft.changeWhen}
        />
        <GrowingTextarea
          label="Notes"
          minRows={2}
          maxLength={2000}
          value={notes}
          onChange={(e) => draft.changeNotes(e.currentTarget.value)}
        />
        <BookingRefusals refusal={refusal} failure={failure} />
        <ScheduleSubmit label="Book" pending={pending} />
      </Stack>
    </form>
  );
}
