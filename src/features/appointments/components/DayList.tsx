import { Divider, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Appointment } from '../model/labels';
import { formatTime, formatTimeRange, useNow, type ClinicClock } from '@/lib/intl';
import { StatusBadge } from './StatusBadge';

/**
 * One day's appointments as a list, earliest first: what phones show instead
 * of the grid. Each line is one large touch target that opens the appointment.
 * Today's list marks now before the first appointment not yet over, and opens
 * scrolled to it, so what is under way and next comes first.
 */
export function DayList({
  appointments,
  isToday,
  clock,
  onOpen,
  emptyText,
}: {
  appointments: readonly Appointment[];
  isToday: boolean;
  clock: ClinicClock;
  onOpen: (appointment: Appointment) => void;
  emptyText: string;
}) {
  const now = useNow(60_000);
  const nowMark = useRef<HTMLDivElement>(null);
  const current = isToday ? appointments.findIndex((appointment) => Date.parse(appointment.ends_at) > now) : -1;
  const markAt = isToday ? (current === -1 ? appointments.length : current) : -1;
  useEffect(() => {
    // Once, when the list first shows: later it stays where the person scrolled it.
    nowMark.current?.scrollIntoView({ block: 'start' });
  }, []);

  if (appointments.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {appointments.map((appointment, index) => (
        <li key={appointment.id}>
          {index === markAt && <NowMark ref={nowMark} at={formatTime(now, clock)} />}
          <Paper withBorder radius="md" p={0}>
            <UnstyledButton
              onClick={() => onOpen(appointment)}
              w="100%"
              p="sm"
              mih={56}
              aria-label={`${formatTime(appointment.starts_at, clock)} ${appointment.client_name}, ${appointment.service_name} on ${appointment.resource_name}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Text fw={700} size="sm">
                    {formatTimeRange(appointment.starts_at, appointment.ends_at, clock)}{' '}
                    <Text span fw={600}>
                      {appointment.client_name}
                    </Text>
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {appointment.service_name} · {appointment.resource_name}
                  </Text>
                </Stack>
                <StatusBadge status={appointment.status} />
              </Group>
            </UnstyledButton>
          </Paper>
        </li>
      ))}
      {markAt === appointments.length && (
        <li>
          <NowMark ref={nowMark} at={formatTime(now, clock)} />
        </li>
      )}
    </Stack>
  );
}

function NowMark({ at, ref }: { at: string; ref: React.Ref<HTMLDivElement> }) {
  return (
    <Divider
      ref={ref}
      my={4}
      color="red.7"
      size="sm"
      label={
        <Text size="sm" fw={700} c="red.9">
          Now, {at}
        </Text>
      }
      labelPosition="left"
      style={{ scrollMarginTop: 72 }}
    />
  );
}
