import { Alert, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { INTAKE_CALL_SERVICE_NAME, callModeFor, hasIntakeCall, isIntakeCall } from '@contract';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { Preparation, whenLabel } from '@/features/appointments';
import { durationLabel, type CallMode } from '../model/booking';
import { BookingList } from './BookingList';
import { ClinicSelect } from './ClinicSelect';
import { BookingSlotStep } from './BookingSlotStep';
import { usePortalCatalog } from './usePortalCatalog';
import { useSlotBooking } from './useSlotBooking';

/**
 * /user/intake-call/{clientId}: the intake call booked, moved or cancelled,
 * by phone or video as the client prefers (its profile's preferred contact
 * method chooses at first), with the same free-time picker as the tests.
 */
export function IntakeCallPage({ clientId }: { clientId: string }) {
  const catalog = usePortalCatalog(clientId);
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [mode, setMode] = useState<CallMode | null>(null);

  const service = [...catalog.serviceById.values()].find(
    (item) => item.name === INTAKE_CALL_SERVICE_NAME && item.client_bookable,
  );
  const clinic = (clinicId ? catalog.clinicById(clinicId) : undefined) ?? catalog.clinics[0];
  const booking = useSlotBooking(clinic);
  const { booked } = booking;
  const calls = catalog.upcoming.filter(
    (appointment) => isIntakeCall(appointment) && appointment.status !== 'cancelled',
  );
  const callMode = mode ?? callModeFor(catalog.profile?.preferred_contact_method);
  const phone = catalog.profile?.phone_number ?? null;

  if (catalog.failed) {
    return (
      <QueryErrorAlert
        title="The intake call could not be loaded"
        error={catalog.failed.error}
        onRetry={() => void catalog.failed?.refetch()}
        retrying={catalog.failed.isFetching}
      />
    );
  }
  if (catalog.offlineUnknown) return <Text>You are offline. Booking shows here once the connection returns.</Text>;
  if (catalog.pending || catalog.upcomingPending)
    return <Skeleton height={240} role="status" aria-label="Loading your intake call" />;
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
        <BookingList id="your-intake-call" title="Your intake call" appointments={calls} catalog={catalog} />
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
          <ClinicSelect
            clinics={catalog.clinics}
            value={clinic.id}
            onChange={(next) => {
              setClinicId(next);
              booking.startOver();
            }}
          />
          <BookingSlotStep
            booking={booking}
            serviceId={service.id}
            clinic={clinic}
            bookLabel="Book the call"
            onBook={(chosen) =>
              void booking.book(chosen, { client_id: clientId, service_id: service.id, call_mode: callMode })
            }
          />
        </Stack>
      )}
    </Stack>
  );
}
