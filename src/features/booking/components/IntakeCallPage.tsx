import { Alert, Button, NativeSelect, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { INTAKE_CALL_SERVICE_NAME, callModeFor, hasIntakeCall, isIntakeCall } from '@contract';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { clinicTime, dayLabel, newActionKey, type Appointment } from '@/features/appointments';
import { loadErrorMessage } from '@/lib/api';
import { useBookSlot } from '../api/book';
import { bookingFailure, durationLabel, isSlotTaken, type CallMode, type Slot } from '../model/booking';
import { BookingCard, Preparation, whenLabel } from './BookingCard';
import { offeredDays, SlotPicker } from './SlotPicker';
import { usePortalCatalog } from './usePortalCatalog';

/**
 * /user/intake-call/{clientId}: the intake call booked, moved or cancelled,
 * by phone or video as the client prefers (its profile's preferred contact
 * method chooses at first), with the same free-time picker as the tests.
 */
export function IntakeCallPage({ clientId }: { clientId: string }) {
  const catalog = usePortalCatalog(clientId);
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [mode, setMode] = useState<CallMode | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [key, setKey] = useState(newActionKey);
  const [problem, setProblem] = useState<{ message: string; taken: boolean } | null>(null);
  const [booked, setBooked] = useState<Appointment | null>(null);
  const booking = useBookSlot();

  const service = [...catalog.serviceById.values()].find(
    (item) => item.name === INTAKE_CALL_SERVICE_NAME && item.client_bookable,
  );
  const clinic = (clinicId ? catalog.clinicById(clinicId) : undefined) ?? catalog.clinics[0];
  const calls = catalog.upcoming.filter(
    (appointment) => isIntakeCall(appointment) && appointment.status !== 'cancelled',
  );
  const callMode = mode ?? callModeFor(catalog.profile?.preferred_contact_method);
  const chosenDay = day ?? (clinic ? offeredDays(clinic)[0]! : '');
  const phone = catalog.profile?.phone_number ?? null;

  async function confirm(chosen: Slot, serviceId: string): Promise<void> {
    setProblem(null);
    try {
      const made = await booking.book({
        body: {
          client_id: clientId,
          service_id: serviceId,
          resource_id: chosen.resource_id,
          starts_at: chosen.starts_at,
          call_mode: callMode,
        },
        idempotencyKey: key,
      });
      setBooked(made);
      setSlot(null);
    } catch (error) {
      setProblem({ message: bookingFailure(error), taken: isSlotTaken(error) });
      if (isSlotTaken(error)) setSlot(null);
      setKey(newActionKey());
    }
  }

  if (catalog.failed) {
    return (
      <QueryErrorAlert
        title="The intake call could not be loaded"
        message={loadErrorMessage(catalog.failed.error)}
        onRetry={() => void catalog.failed?.refetch()}
        retrying={catalog.failed.isFetching}
      />
    );
  }
  if (catalog.offlineUnknown) return <Text>You are offline. Booking shows here once the connection returns.</Text>;
  if (catalog.pending || catalog.upcomingPending)
    return <Skeleton height={240} aria-label="Loading your intake call" />;
  if (!service || !clinic)
    return <Text>The clinic does not offer the intake call here yet. Please write to support.</Text>;

  return (
    <Stack gap="lg">
      {booked && (
        <Alert color="teal" variant="light" role="status">
          <Text fw={700}>Your intake call is booked</Text>
          <Text>
            {whenLabel(booked)}, {booked.call_mode === 'video' ? 'by video' : 'by phone'}.
          </Text>
        </Alert>
      )}
      {hasIntakeCall(calls) ? (
        <Stack gap="sm" component="section" aria-labelledby="your-intake-call">
          <Title order={2} size="h4" id="your-intake-call">
            Your intake call
          </Title>
          {calls.map((appointment) => (
            <BookingCard
              key={appointment.id}
              appointment={appointment}
              clinic={catalog.clinicById(appointment.clinic_id)}
              service={service}
              movable
            />
          ))}
        </Stack>
      ) : (
        <Stack gap="md" component="section" aria-labelledby="book-intake-call">
          <Title order={2} size="h4" id="book-intake-call">
            Book your intake call
          </Title>
          <Text size="sm">
            A call of {durationLabel(service.default_duration)} with a health coach about your goals and history, before
            your first visit.
          </Text>
          <Preparation service={service} />
          <Stack gap={4}>
            <Text fw={600} id="call-mode-label">
              How should we call you?
            </Text>
            <SegmentedControl
              aria-labelledby="call-mode-label"
              data={[
                { value: 'phone', label: 'Phone' },
                { value: 'video', label: 'Video' },
              ]}
              value={callMode}
              onChange={(value) => setMode(value === 'video' ? 'video' : 'phone')}
              fullWidth
            />
            <Text size="sm" c="dimmed">
              {callMode === 'phone'
                ? phone
                  ? `We call you on ${phone}.`
                  : 'We call the phone number on your profile; please add one there.'
                : `We e-mail you the video link${catalog.email ? ` at ${catalog.email}` : ''} the day before.`}
            </Text>
          </Stack>
          <NativeSelect
            size="md"
            label="Clinic"
            data={catalog.clinics.map((item) => ({ value: item.id, label: item.name }))}
            value={clinic.id}
            onChange={(event) => {
              setClinicId(event.currentTarget.value);
              setDay(null);
              setSlot(null);
            }}
          />
          {problem && (
            <Alert color={problem.taken ? 'orange' : 'red'} variant="light" role="alert">
              {problem.message}
            </Alert>
          )}
          <SlotPicker
            serviceId={service.id}
            clinic={clinic}
            day={chosenDay}
            onDayChange={(next) => {
              setDay(next);
              setSlot(null);
            }}
            chosen={slot}
            onChoose={(next) => {
              setSlot(next);
              setProblem(null);
              setKey(newActionKey());
            }}
          />
          <Button
            size="md"
            disabled={slot === null}
            loading={booking.isPending}
            onClick={() => slot && void confirm(slot, service.id)}
          >
            {slot
              ? `Book the call ${dayLabel(chosenDay)} at ${clinicTime(slot.starts_at, clinic.time_zone)}`
              : 'Choose a time to book'}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
