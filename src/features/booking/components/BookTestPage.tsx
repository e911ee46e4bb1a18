import { Alert, Button, Card, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { clinicTime, dayLabel, newActionKey, type Appointment, type Clinic } from '@/features/appointments';
import { loadErrorMessage } from '@/lib/api';
import { useBookSlot } from '../api/book';
import { testsQueryOptions } from '../api/queries';
import { bookingFailure, durationLabel, isSlotTaken, priceLabel, type Slot, type Test } from '../model/booking';
import { BookingCard, Preparation, whenLabel } from './BookingCard';
import { offeredDays, SlotPicker } from './SlotPicker';
import { usePortalCatalog } from './usePortalCatalog';

function priceAt(test: Test, clinic: Clinic | undefined): string | null {
  const price = test.prices.find((item) => item.clinic_id === clinic?.id);
  return price ? priceLabel(price) : null;
}

function TestFacts({ test, clinic }: { test: Test; clinic: Clinic | undefined }) {
  const price = priceAt(test, clinic);
  return (
    <Group gap="xs" wrap="wrap">
      <TintBadge color="gray" radius="sm">
        {test.kind === 'partner' ? `Partner lab: ${test.partner ?? ''}` : 'In clinic'}
      </TintBadge>
      <TintBadge color="gray" radius="sm">
        {durationLabel(test.duration)}
      </TintBadge>
      {test.fasting_hours !== null && (
        <TintBadge color="orange" radius="sm">
          Fasting {test.fasting_hours} h
        </TintBadge>
      )}
      {price && (
        <Text fw={700} size="sm">
          {price}
        </Text>
      )}
    </Group>
  );
}

/**
 * /user/book-test/{clientId}: the catalogue of partner and in-clinic tests
 * with each clinic's price, a free time at the chosen clinic, and the
 * client's booked tests to move or cancel. A time someone else took first
 * shows fresh times with the test, clinic and day kept.
 */
export function BookTestPage({ clientId }: { clientId: string }) {
  const catalog = usePortalCatalog(clientId);
  const tests = useQuery(testsQueryOptions());
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [testId, setTestId] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [key, setKey] = useState(newActionKey);
  const [problem, setProblem] = useState<{ message: string; taken: boolean } | null>(null);
  const [booked, setBooked] = useState<Appointment | null>(null);
  const booking = useBookSlot();

  const clinic = (clinicId ? catalog.clinicById(clinicId) : undefined) ?? catalog.clinics[0];
  const offered = (tests.data?.results ?? []).filter((test) =>
    test.prices.some((price) => price.clinic_id === clinic?.id),
  );
  const test = offered.find((item) => item.id === testId) ?? null;
  const chosenDay = day ?? (clinic ? offeredDays(clinic)[0]! : '');
  const bookedTests = catalog.upcoming.filter((appointment) => appointment.therapy_kind === 'test');

  function choose(next: Slot): void {
    setSlot(next);
    setProblem(null);
    setKey(newActionKey());
  }

  async function confirm(chosen: Slot, chosenTest: Test): Promise<void> {
    setProblem(null);
    try {
      const made = await booking.book({
        body: {
          client_id: clientId,
          service_id: chosenTest.service_id,
          resource_id: chosen.resource_id,
          starts_at: chosen.starts_at,
        },
        idempotencyKey: key,
      });
      setBooked(made);
      setSlot(null);
      setTestId(null);
    } catch (error) {
      setProblem({ message: bookingFailure(error), taken: isSlotTaken(error) });
      // Someone else took it: the fresh times show; the test, clinic and day stay as chosen.
      if (isSlotTaken(error)) setSlot(null);
      setKey(newActionKey());
    }
  }

  if (catalog.failed || tests.isError) {
    const failed = tests.isError ? tests : catalog.failed!;
    return (
      <QueryErrorAlert
        title="The tests could not be loaded"
        message={loadErrorMessage(failed.error)}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  }
  if (catalog.offlineUnknown || (tests.isPending && tests.fetchStatus === 'paused')) {
    return <Text>You are offline. The tests show here once the connection returns.</Text>;
  }
  if (catalog.pending || tests.isPending || !clinic) return <Skeleton height={240} aria-label="Loading the tests" />;

  return (
    <Stack gap="lg">
      {booked && (
        <Alert color="teal" variant="light" role="status">
          <Stack gap="xs">
            <Text fw={700}>Booked</Text>
            <Text>
              {booked.service_name}, {whenLabel(booked)} at {booked.clinic_name}. It is on your home screen with how to
              prepare.
            </Text>
            <Preparation service={catalog.serviceById.get(booked.service_id)} />
          </Stack>
        </Alert>
      )}

      {bookedTests.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="booked-tests">
          <Title order={2} size="h4" id="booked-tests">
            Your booked tests
          </Title>
          {bookedTests.map((appointment) => (
            <BookingCard
              key={appointment.id}
              appointment={appointment}
              clinic={catalog.clinicById(appointment.clinic_id)}
              service={catalog.serviceById.get(appointment.service_id)}
              movable
            />
          ))}
        </Stack>
      )}

      <Stack gap="sm" component="section" aria-labelledby="book-a-test">
        <Title order={2} size="h4" id="book-a-test">
          {test ? `Book ${test.name}` : 'Choose a test'}
        </Title>
        <NativeSelect
          size="md"
          label="Clinic"
          data={catalog.clinics.map((item) => ({ value: item.id, label: item.name }))}
          value={clinic.id}
          onChange={(event) => {
            setClinicId(event.currentTarget.value);
            setDay(null);
            setSlot(null);
            setProblem(null);
          }}
        />

        {test === null ? (
          offered.length === 0 ? (
            <Text>{clinic.name} offers no tests to book here yet.</Text>
          ) : (
            <Stack gap="sm">
              {offered.map((item) => (
                <Card
                  key={item.id}
                  withBorder
                  radius="lg"
                  padding="md"
                  component="article"
                  aria-labelledby={`test-${item.id}`}
                >
                  <Stack gap="xs">
                    <Title order={3} size="h5" id={`test-${item.id}`}>
                      {item.name}
                    </Title>
                    <Text size="sm">{item.measures}</Text>
                    <TestFacts test={item} clinic={clinic} />
                    <Button
                      variant="light"
                      aria-label={`Choose ${item.name}`}
                      onClick={() => {
                        setTestId(item.id);
                        setBooked(null);
                        setProblem(null);
                      }}
                    >
                      Choose
                    </Button>
                  </Stack>
                </Card>
              ))}
            </Stack>
          )
        ) : (
          <Stack gap="md">
            <Card withBorder radius="lg" padding="md">
              <Stack gap="xs">
                <Text size="sm">{test.measures}</Text>
                <TestFacts test={test} clinic={clinic} />
                <Preparation service={test} />
                <Button variant="subtle" onClick={() => setTestId(null)} style={{ alignSelf: 'flex-start' }}>
                  Choose another test
                </Button>
              </Stack>
            </Card>
            {problem && (
              <Alert color={problem.taken ? 'orange' : 'red'} variant="light" role="alert">
                {problem.message}
              </Alert>
            )}
            <SlotPicker
              serviceId={test.service_id}
              clinic={clinic}
              day={chosenDay}
              onDayChange={(next) => {
                setDay(next);
                setSlot(null);
              }}
              chosen={slot}
              onChoose={choose}
            />
            <Button
              size="md"
              disabled={slot === null}
              loading={booking.isPending}
              onClick={() => slot && void confirm(slot, test)}
            >
              {slot
                ? `Book ${dayLabel(chosenDay)} at ${clinicTime(slot.starts_at, clinic.time_zone)}`
                : 'Choose a time to book'}
            </Button>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
