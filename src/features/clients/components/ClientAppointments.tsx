import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { components } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { TouchLink } from '@/components/RouterLinks';
import { StatusBadge } from '@/features/appointments';
import { clientAppointmentsQueryOptions } from '../api/queries';
import { appointmentLine } from '../model/lines';

function AppointmentList({
  appointments,
  empty,
  label,
}: {
  appointments: readonly components['schemas']['Appointment'][];
  empty: string;
  label: string;
}) {
  if (appointments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <PlainList gap={6} label={label}>
      {appointments.map((appointment) => (
        <Group component="li" key={appointment.id} gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" style={{ minWidth: 0 }}>
            {appointmentLine(appointment)}
          </Text>
          <StatusBadge status={appointment.status} />
        </Group>
      ))}
    </PlainList>
  );
}

/** The client's coming appointments and those of the last six months, each with its status. */
export function ClientAppointments({ clientId }: { clientId: string }) {
  const upcoming = useQuery(clientAppointmentsQueryOptions(clientId, 'upcoming'));
  const past = useQuery(clientAppointmentsQueryOptions(clientId, 'past'));
  return (
    <PanelCard title="Appointments">
      <Text size="sm" fw={600}>
        Coming up
      </Text>
      <QueryState query={upcoming} what="The coming appointments">
        {(data) => <AppointmentList appointments={data} empty="Nothing booked." label="Coming appointments" />}
      </QueryState>
      <Text size="sm" fw={600}>
        Lately
      </Text>
      <QueryState query={past} what="The past appointments">
        {(data) => (
          <AppointmentList
            appointments={data}
            empty="No appointment in the last six months."
            label="Past appointments"
          />
        )}
      </QueryState>
      <TouchLink to="/appointments" size="sm">
        Open the schedule to book
      </TouchLink>
    </PanelCard>
  );
}
