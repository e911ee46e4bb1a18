import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { INTAKE_CALL_SERVICE_NAME, callModeFor, hasIntakeCall, isIntakeCall } from '@contract';
import { Preparation, whenLabel } from '@/features/appointments';
import { durationLabel, type CallMode } from '../model/booking';
import { BookingList } from './BookingList';
import { BookedNotice, BookingFrame, ClinicStep, TimeStep, useBookingFrame } from './BookingFrame';

/** By phone or video, and where the call reaches the client. */
function CallModeChoice({
  mode,
  onChange,
  phone,
  email,
}: {
  mode: CallMode;
  onChange: (mode: CallMode) => void;
  phone: string | null;
  email: string | null;
}) {
  return (
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
        value={mode}
        onChange={(value) => onChange(value === 'video' ? 'video' : 'phone')}
        fullWidth
      />
      <Text size="sm" c="dimmed">
        {mode === 'phone'
          ? phone
            ? `We call you on ${phone}.`
            : 'We call the phone number on your profile; please add one there.'
          : `We e-mail you the video link${email ? ` at ${email}` : ''} the day before.`}
      </Text>
    </Stack>
  );
}

/**
 * /user/intake-call/{clientId}: the intake call booked, moved or cancelled,
 * by phone or video as the client prefers (its profile's preferred contact
 * method chooses at first), with the same free-time picker as the tests.
 */
export function IntakeCallPage({ clientId }: { clientId: string }) {
  const frame = useBookingFrame(clientId);
  const { catalog, booking } = frame;
  const [mode, setMode] = useState<CallMode | null>(null);
  const service = [...catalog.serviceById.values()].find(
    (item) => item.name === INTAKE_CALL_SERVICE_NAME && item.client_bookable,
  );
  const { booked } = booking;
  const calls = catalog.upcoming.filter(
    (appointment) => isIntakeCall(appointment) && appointment.status !== 'cancelled',
  );
  const callMode = mode ?? callModeFor(catalog.profile?.preferred_contact_method);

  return (
    <BookingFrame frame={frame} what="Your intake call" waitForBookings>
      {booked && (
        <BookedNotice title="Your intake call is booked">
          <Text>
            {whenLabel(booked)}, {booked.call_mode === 'video' ? 'by video' : 'by phone'}.
          </Text>
        </BookedNotice>
      )}
      {hasIntakeCall(calls) ? (
        <BookingList id="your-intake-call" title="Your intake call" appointments={calls} catalog={catalog} />
      ) : !service ? (
        <Text>The clinic does not offer the intake call here yet. Please write to support.</Text>
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
          <CallModeChoice
            mode={callMode}
            onChange={setMode}
            phone={catalog.profile?.phone_number ?? null}
            email={catalog.email}
          />
          <ClinicStep frame={frame} />
          <TimeStep
            frame={frame}
            serviceId={service.id}
            bookLabel="Book the call"
            onBook={(chosen) =>
              void booking.book(chosen, { client_id: clientId, service_id: service.id, call_mode: callMode })
            }
          />
        </Stack>
      )}
    </BookingFrame>
  );
}
