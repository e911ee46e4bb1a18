import { Button, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addDays } from '@contract';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import type { Clinic } from '@/features/clinics';
import { clockOf, daySpan, formatDay, formatTime, todayOn, zoneName } from '@/lib/intl';
import { slotsQueryOptions } from '../api/queries';
import type { Slot } from '../model/booking';

/** How many days ahead the picker offers (the server allows up to 90). */
const DAYS_OFFERED = 28;

/** The days the picker offers, from today at the clinic. */
export function offeredDays(clinic: Pick<Clinic, 'time_zone'>, now: number = Date.now()): string[] {
  const today = todayOn(clockOf(clinic.time_zone), now);
  return Array.from({ length: DAYS_OFFERED }, (_, index) => addDays(today, index));
}

/**
 * Free times of one service at one clinic on one day, as the server computes
 * them now, on the clinic's clock. The day and the chosen time belong to the
 * caller, so they survive a lost race and a fresh read.
 */
export function SlotPicker({
  serviceId,
  clinic,
  day,
  onDayChange,
  chosen,
  onChoose,
}: {
  serviceId: string;
  clinic: Clinic;
  day: string;
  onDayChange: (day: string) => void;
  chosen: Slot | null;
  onChoose: (slot: Slot) => void;
}) {
  const clock = clockOf(clinic.time_zone);
  const span = daySpan(day, 1, clock);
  const slots = useQuery(slotsQueryOptions({ service: serviceId, clinic: clinic.id, from: span.from, to: span.to }));
  const days = offeredDays(clinic);
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
        {slots.isPending && slots.fetchStatus === 'paused' ? (
          <Text size="sm" c="dimmed">
            You are offline. Free times show once the connection returns: the clinic decides them when you book.
          </Text>
        ) : slots.isPending ? (
          <Skeleton height={96} role="status" aria-label="Loading free times" />
        ) : slots.isError ? (
          <QueryErrorAlert
            title="Free times could not be loaded"
            error={slots.error}
            onRetry={() => void slots.refetch()}
            retrying={slots.isFetching}
          />
        ) : slots.data.results.length === 0 ? (
          <Text size="sm">
            No free times on {formatDay(day, { weekday: 'long' }, clock.locale)}. Please choose another day.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs">
            {slots.data.results.map((slot) => {
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
        )}
        {slots.isFetching && !slots.isPending && (
          <Group gap="xs">
            <Text size="xs" c="dimmed" role="status">
              Checking for times taken meanwhile…
            </Text>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
