import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addDays } from '@contract';
import type { Clinic } from '@/features/clinics';
import { clockOf, dateOn, formatTime, formatWhen, instantOn, todayOn, useNow } from '@/lib/intl';
import { slotsQueryOptions } from '../api/queries';
import { FreeTimesState } from './FreeTimesState';
import type { Resource } from '../model/labels';

/** How far ahead the dialog looks for free times, and how many it offers. */
const DAYS_AHEAD = 7;
const OFFERED = 6;

export interface FreeTime {
  /** YYYY-MM-DD and HH:MM on the clinic's clock. */
  date: string;
  time: string;
  resourceId: string;
}

/**
 * The next free times for what the booking dialog has chosen so far (the
 * service, and the resource and client when chosen), from the day and time
 * clicked or from now, as the server computes them. One tap fills in the day,
 * the time and the resource; the first is the soonest.
 */
export function NextFreeTimes({
  clinic,
  serviceId,
  resourceId,
  clientId,
  fromDate,
  fromTime,
  resources,
  chosen,
  onChoose,
}: {
  clinic: Clinic;
  serviceId: string | null;
  resourceId: string | null;
  clientId: string | null;
  fromDate: string;
  fromTime: string;
  resources: readonly Resource[];
  chosen: FreeTime | null;
  onChoose: (time: FreeTime) => void;
}) {
  const clock = clockOf(clinic.time_zone);
  const now = useNow(60_000);
  // From the quarter hour that holds now (free times start on quarter hours; the server leaves out those past): the
  // query's key then moves four times an hour, not every minute, and its own refetch keeps the times fresh.
  const quarter = now - (now % (15 * 60_000));
  const asked = Date.parse(instantOn(fromDate, fromTime || '00:00', clock));
  const from = new Date(Math.max(quarter, Number.isNaN(asked) ? quarter : asked));
  const to = instantOn(addDays(todayOn(clock, from.getTime()), DAYS_AHEAD), '00:00', clock);
  const slots = useQuery({
    ...slotsQueryOptions({
      service: serviceId ?? '',
      clinic: clinic.id,
      from: from.toISOString(),
      to,
      ...(resourceId ? { resource: resourceId } : {}),
      ...(clientId ? { client: clientId } : {}),
    }),
    enabled: serviceId !== null,
    // The span moves on with the minute: keep the times on screen while the next answer comes.
    placeholderData: keepPreviousData,
  });
  const resourceName = (id: string) => resources.find((item) => item.id === id)?.name ?? 'a resource';
  const offered = (slots.data?.results ?? []).slice(0, OFFERED).map((slot) => ({
    date: dateOn(slot.starts_at, clock),
    time: formatTime(slot.starts_at, clock),
    resourceId: slot.resource_id,
    label: formatWhen(slot.starts_at, clock, now),
  }));

  return (
    <Stack gap={6} role="group" aria-labelledby="next-free-times">
      <Text fw={600} size="sm" id="next-free-times">
        Next free times
      </Text>
      {serviceId === null ? (
        <Text size="sm" c="dimmed">
          Choose a service to see when it is free.
        </Text>
      ) : (
        <FreeTimesState
          slots={slots}
          offline="You are offline: free times show once the connection returns. You can still type a time."
          skeletonHeight={44}
        >
          {() =>
            offered.length === 0 ? (
              <Text size="sm">
                No free time in the next {DAYS_AHEAD} days{resourceId ? ` on ${resourceName(resourceId)}` : ''}. Choose
                another resource or a later day.
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
                {offered.map((slot, index) => {
                  const selected =
                    chosen?.date === slot.date && chosen.time === slot.time && chosen.resourceId === slot.resourceId;
                  return (
                    <Button
                      key={`${slot.date} ${slot.time} ${slot.resourceId}`}
                      size="md"
                      h="auto"
                      py={6}
                      variant={selected ? 'filled' : index === 0 ? 'light' : 'default'}
                      aria-pressed={selected}
                      aria-label={`${index === 0 ? 'First free: ' : ''}${slot.label}, ${resourceName(slot.resourceId)}`}
                      onClick={() => onChoose(slot)}
                      styles={{ label: { flexDirection: 'column', alignItems: 'center', whiteSpace: 'normal' } }}
                    >
                      <Text span fw={600} inherit>
                        {index === 0 ? `First free: ${slot.label}` : slot.label}
                      </Text>
                      <Text span size="xs" inherit>
                        {resourceName(slot.resourceId)}
                      </Text>
                    </Button>
                  );
                })}
              </SimpleGrid>
            )
          }
        </FreeTimesState>
      )}
    </Stack>
  );
}
