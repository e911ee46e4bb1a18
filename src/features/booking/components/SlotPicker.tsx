import { Button, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addDays } from '@contract';
import { FreeTimesState, slotsQueryOptions } from '@/features/appointments';
import type { Clinic } from '@/features/clinics';
import { clockOf, dateOn, daySpan, formatDay, formatTime, todayOn, useNow, zoneName } from '@/lib/intl';
import type { Slot } from '../model/booking';

/** How many days ahead the picker offers (the server allows up to 90). */
const DAYS_OFFERED = 28;

/** How far ahead the picker looks for the first day with a free time, when no day is chosen yet. */
const FIRST_FREE_SEARCH_DAYS = 14;

/** The days the picker offers, from today at the clinic. */
export function offeredDays(clinic: Pick<Clinic, 'time_zone'>, now: number = Date.now()): string[] {
  const today = todayOn(clockOf(clinic.time_zone), now);
  return Array.from({ length: DAYS_OFFERED }, (_, index) => addDays(today, index));
}

/**
 * Free times of one service at one clinic on one day, as the server computes
 * them now, on the clinic's clock. Until a day is chosen it opens on the first
 * day with a free time within two weeks (read in one request, whose answer
 * also gives that day's times). The day and the chosen time belong to the
 * caller, so they survive a lost race and a fresh read.
 */
export function SlotPicker({
  serviceId,
  clinic,
  day: chosenDay,
  onDayChange,
  chosen,
  onChoose,
}: {
  serviceId: string;
  clinic: Clinic;
  /** The day chosen, or null to open on the first day with a free time. */
  day: string | null;
  onDayChange: (day: string) => void;
  chosen: Slot | null;
  onChoose: (slot: Slot) => void;
}) {
  const clock = clockOf(clinic.time_zone);
  const now = useNow(60_000);
  const days = offeredDays(clinic, now);
  const today = days[0]!;
  const ahead = daySpan(today, FIRST_FREE_SEARCH_DAYS, clock);
  const firstFree = useQuery({
    ...slotsQueryOptions({ service: serviceId, clinic: clinic.id, from: ahead.from, to: ahead.to }),
    enabled: chosenDay === null,
  });
  const firstFreeDay = firstFree.data?.results[0] && dateOn(firstFree.data.results[0].starts_at, clock);
  const day = chosenDay ?? firstFreeDay ?? today;
  const span = daySpan(day, 1, clock);
  const oneDay = useQuery({
    ...slotsQueryOptions({ service: serviceId, clinic: clinic.id, from: span.from, to: span.to }),
    enabled: chosenDay !== null,
  });
  const slots = chosenDay === null ? firstFree : oneDay;
  const shown = (slots.data?.results ?? []).filter((slot) => dateOn(slot.starts_at, clock) === day);
  const zone = zoneName(clock, span.from);

  return (
    <Stack gap="sm">
      <NativeSelect
        size="md"
        label="Day"
        data={days.map((value) => ({ value, label: formatDay(value, { weekday: 'long' }, clock.locale) }))}
        value={day}
        onChange={(event) => onDayChange(event.currentTarget.value)}
      />
      <Stack gap={6} role="group" aria-labelledby="slot-times-label">
        <Text fw={600} id="slot-times-label">
          Free times ({clinic.name} time, {zone})
        </Text>
        <FreeTimesState
          slots={slots}
          offline="You are offline. Free times show once the connection returns: the clinic decides them when you book."
          skeletonHeight={96}
        >
          {() =>
            shown.length === 0 ? (
              <Text size="sm">
                {chosenDay === null
                  ? `No free times in the next ${FIRST_FREE_SEARCH_DAYS} days. Please choose a later day, or call the clinic.`
                  : `No free times on ${formatDay(day, { weekday: 'long' }, clock.locale)}. Please choose another day.`}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs">
                {shown.map((slot) => {
                  const selected = chosen?.starts_at === slot.starts_at;
                  return (
                    <Button
                      key={slot.starts_at}
                      size="md"
                      px={4}
                      variant={selected ? 'filled' : 'default'}
                      aria-pressed={selected}
                      onClick={() => onChoose(slot)}
                    >
                      {formatTime(slot.starts_at, clock)}
                    </Button>
                  );
                })}
              </SimpleGrid>
            )
          }
        </FreeTimesState>
      </Stack>
    </Stack>
  );
}
