import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { Preparation, whenLabel } from '@/features/appointments';
import { TintBadge } from '@/components/signed-in/TintBadge';
import type { Clinic } from '@/features/clinics';
import { testsQueryOptions } from '../api/queries';
import { durationLabel, priceLabel, type Slot, type Test } from '../model/booking';
import { BookingList } from './BookingList';
import { ClinicSelect } from './ClinicSelect';
import { BookingSlotStep } from './BookingSlotStep';
import { usePortalCatalog } from './usePortalCatalog';
import { useSlotBooking } from './useSlotBooking';

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
  const clinic = (clinicId ? catalog.clinicById(clinicId) : undefined) ?? catalog.clinics[0];
  const booking = useSlotBooking(clinic);
  const { booked } = booking;
  const offered = (tests.data?.results ?? []).filter((test) =>
    test.prices.some((price) => price.clinic_id === clinic?.id),
  );
  const test = offered.find((item) => item.id === testId) ?? null;
  const bookedTests = catalog.upcoming.filter((appointment) => appointment.therapy_kind === 'test');

  async function confirm(chosen: Slot, chosenTest: Test): Promise<void> {
    // Booked: the catalogue again, with the booking above it; the clinic and day stay as chosen.
    if (await booking.book(chosen, { client_id: clientId, service_id: chosenTest.service_id })) setTestId(null);
  }

  if (catalog.failed || tests.isError) {
    const failed = tests.isError ? tests : catalog.failed!;
    return (
      <QueryErrorAlert
        title="The tests could not be loaded"
        error={failed.error}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  }
  if (catalog.offlineUnknown || (tests.isPending && tests.fetchStatus === 'paused')) {
    return <Text>You are offline. The tests show here once the connection returns.</Text>;
  }
  if (catalog.pending || tests.isPending || !clinic)
    return <Skeleton height={240} role="status" aria-label="Loading the tests" />;

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
        <BookingList id="booked-tests" title="Your booked tests" appointments={bookedTests} catalog={catalog} />
      )}

      <Stack gap="sm" component="section" aria-labelledby="book-a-test">
        <Title order={2} size="h4" id="book-a-test">
          {test ? `Book ${test.name}` : 'Choose a test'}
        </Title>
        <ClinicSelect
          clinics={catalog.clinics}
          value={clinic.id}
          onChange={(next) => {
            setClinicId(next);
            booking.startOver();
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
                        booking.forgetBooked();
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
            <BookingSlotStep
              booking={booking}
              serviceId={test.service_id}
              clinic={clinic}
              bookLabel="Book"
              onBook={(chosen) => void confirm(chosen, test)}
            />
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
