import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Preparation, whenLabel } from '@/features/appointments';
import { TintBadge } from '@/components/signed-in/TintBadge';
import type { Clinic } from '@/features/clinics';
import { testsQueryOptions } from '../api/queries';
import { durationLabel, priceLabel, type Slot, type Test } from '../model/booking';
import { BookingList } from './BookingList';
import { BookedNotice, BookingFrame, ClinicStep, TimeStep, useBookingFrame } from './BookingFrame';

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

/** One test of the catalogue: what it measures, its facts and price here, and the button that chooses it. */
function TestCard({ test, clinic, onChoose }: { test: Test; clinic: Clinic | undefined; onChoose: () => void }) {
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={`test-${test.id}`}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={`test-${test.id}`}>
          {test.name}
        </Title>
        <Text size="sm">{test.measures}</Text>
        <TestFacts test={test} clinic={clinic} />
        <Button variant="light" aria-label={`Choose ${test.name}`} onClick={onChoose}>
          Choose
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * /user/book-test/{clientId}: the catalogue of partner and in-clinic tests
 * with each clinic's price, a free time at the chosen clinic, and the
 * client's booked tests to move or cancel. A time someone else took first
 * shows fresh times with the test, clinic and day kept.
 */
export function BookTestPage({ clientId }: { clientId: string }) {
  const frame = useBookingFrame(clientId);
  const { catalog, clinic, booking } = frame;
  const tests = useQuery(testsQueryOptions());
  const [testId, setTestId] = useState<string | null>(null);
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

  return (
    <BookingFrame frame={frame} what="The tests" also={tests}>
      {booked && (
        <BookedNotice title="Booked">
          <Text>
            {booked.service_name}, {whenLabel(booked)} at {booked.clinic_name}. It is on your home screen with how to
            prepare.
          </Text>
          <Preparation service={catalog.serviceById.get(booked.service_id)} />
        </BookedNotice>
      )}

      {bookedTests.length > 0 && (
        <BookingList id="booked-tests" title="Your booked tests" appointments={bookedTests} catalog={catalog} />
      )}

      <Stack gap="sm" component="section" aria-labelledby="book-a-test">
        <Title order={2} size="h4" id="book-a-test">
          {test ? `Book ${test.name}` : 'Choose a test'}
        </Title>
        <ClinicStep frame={frame} />

        {test === null ? (
          offered.length === 0 ? (
            <Text>{clinic?.name} offers no tests to book here yet.</Text>
          ) : (
            <Stack gap="sm">
              {offered.map((item) => (
                <TestCard
                  key={item.id}
                  test={item}
                  clinic={clinic}
                  onChoose={() => {
                    setTestId(item.id);
                    booking.forgetBooked();
                  }}
                />
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
            <TimeStep
              frame={frame}
              serviceId={test.service_id}
              bookLabel="Book"
              onBook={(chosen) => void confirm(chosen, test)}
            />
          </Stack>
        )}
      </Stack>
    </BookingFrame>
  );
}
