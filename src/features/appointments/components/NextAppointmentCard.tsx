import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { nextAppointmentQueryOptions } from '../api/queries';
import { clinicTime, dayLabel, zoneAbbreviation } from '../model/time';
import { StatusBadge } from './StatusBadge';

/** The client's next appointment, on the clinic's clock, for the portal's home. */
export function NextAppointmentCard({ clientId }: { clientId: string }) {
  const next = useQuery(nextAppointmentQueryOptions(clientId));
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="next-appointment">
      <Stack gap="xs">
        <Title order={2} size="h4" id="next-appointment">
          Your next appointment
        </Title>
        {next.isPending && next.fetchStatus === 'paused' ? (
          <Text size="sm" c="dimmed">
            You are offline. Your next appointment shows here once the connection returns.
          </Text>
        ) : next.isPending ? (
          <Skeleton height={44} aria-label="Loading your next appointment" />
        ) : next.isError ? (
          <Text size="sm" c="dimmed">
            Your appointments could not be loaded just now. They show here once the connection to the clinic works.
          </Text>
        ) : next.data === null ? (
          <Text size="sm">You have no appointment booked. The clinic books your visits with you.</Text>
        ) : (
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <Text fw={700}>{next.data.service_name}</Text>
              <StatusBadge status={next.data.status} />
            </Group>
            <Text>
              {dayLabel(next.data.starts_at.slice(0, 10), { weekday: 'long' })} at{' '}
              {clinicTime(next.data.starts_at, next.data.time_zone)}–
              {clinicTime(next.data.ends_at, next.data.time_zone)} (
              {zoneAbbreviation(next.data.time_zone, new Date(next.data.starts_at))})
            </Text>
            <Text size="sm" c="dimmed">
              {next.data.clinic_name}, {next.data.resource_name}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
