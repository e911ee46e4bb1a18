import {
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Role } from '@contract';
import { PageFrame } from '@/components/PageFrame';
import { useAfterFirstCommit } from '@/components/progressive-render';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { AnchorLink } from '@/components/RouterLinks';
import { toastFailure, toastSuccess } from '@/components/toasts';
import {
  AppointmentDialog,
  StatusBadge,
  clinicDayQueryOptions,
  moveAppointment,
  useWithUnsentMoves,
  type Appointment,
  type ShownAppointment,
} from '@/features/appointments';
import { NeedsAttentionCard } from '@/features/assessments';
import { ClinicClock, clinicsQueryOptions, pickClinic, type Clinic } from '@/features/clinics';
import { userListQueryOptions } from '@/features/people';
import { clockOf, daySpan, formatAge, formatElapsed, formatTime, todayOn, useNow } from '@/lib/intl';
import { useOnline } from '@/pwa/connection';
import { useHere } from '@/components/useHere';

/** Roles that check clients in at the front desk, with one tap from the hub. */
const CHECK_IN_ROLES: readonly Role[] = ['RECEPTION', 'SUPER_ADMIN'];
const NOT_YET_DONE = new Set<Appointment['status']>(['booked', 'checked_in', 'in_progress']);
const TICK_MS = 30_000;
/** A stable empty list while nothing is loaded (hooks compare lists by identity). */
const NONE: readonly Appointment[] = [];

/** One of today's appointments: time, client, what and where, its status, and check-in for reception. */
function TodayRow({
  appointment,
  canCheckIn,
  onOpen,
}: {
  appointment: ShownAppointment;
  canCheckIn: boolean;
  onOpen: () => void;
}) {
  const here = useHere();
  // Kept on this device and sent when the network allows: the front desk keeps working through a Wi-Fi drop.
  const checkIn = () =>
    moveAppointment(appointment, 'checked_in', here()).then(
      () => toastSuccess(`${appointment.client_name} is checked in for ${appointment.service_name}.`),
      () => toastFailure('The check-in could not be kept on this device. Please try again.', 'Not checked in'),
    );
  return (
    <Group component="li" gap="sm" wrap="nowrap" justify="space-between" py={6}>
      <UnstyledButton onClick={onOpen} miw={0} mih={44} style={{ flex: 1 }}>
        <Text size="sm" fw={700}>
          {formatTime(appointment.starts_at, clockOf(appointment.time_zone))} {appointment.client_name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {appointment.service_name} · {appointment.resource_name}
        </Text>
      </UnstyledButton>
      <Group gap="xs" wrap="nowrap">
        <StatusBadge status={appointment.status} unsent={appointment.unsent} />
        {canCheckIn && appointment.status === 'booked' && (
          <Button size="sm" h={44} onClick={() => void checkIn()} aria-label={`Check in ${appointment.client_name}`}>
            Check in
          </Button>
        )}
      </Group>
    </Group>
  );
}

function QuickSearch() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const online = useOnline();
  const found = useQuery({
    ...userListQueryOptions({ role: 'CLIENT', search, page_size: 6 }),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="hub-search">
      <Stack gap="sm">
        <Title order={2} size="h4" id="hub-search">
          Find a client
        </Title>
        <TextInput
          aria-label="Find a client by name, e-mail or phone"
          placeholder="Name, e-mail or phone"
          // A client's name typed here must not be kept in the browser's autofill, on a shared tablet's disk.
          autoComplete="off"
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={found.isFetching ? <Loader size="xs" /> : undefined}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {search.length >= 2 && found.data && (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Matching clients">
            {found.data.results.length === 0 && (
              <Text size="sm" c="dimmed">
                No client matches “{search}”.
              </Text>
            )}
            {found.data.results.map((client) => (
              <li key={client.id}>
                <AnchorLink
                  to="/client/discovery/$clientId"
                  params={{ clientId: client.id }}
                  display="flex"
                  mih={44}
                  style={{ alignItems: 'center' }}
                >
                  {client.first_name} {client.last_name}
                  <Text span size="sm" c="dimmed" ml="xs">
                    {client.email}
                  </Text>
                </AnchorLink>
              </li>
            ))}
          </Stack>
        )}
        {search.length >= 2 && !found.data && !online && (
          <Text size="sm" c="dimmed" role="status">
            You are offline: searching needs a connection.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Said where today's lists would be, when Thrive has no clinic yet (the lists have no day to load). */
const NO_CLINIC = 'No clinic is set up in Thrive yet, so there is no day to show.';

/**
 * /hub: where staff start. Today at the person's clinic (next first, with
 * status chips and one-tap check-in for reception), the clients in the clinic
 * now and how long they have waited, a quick client search, and the clients
 * whose latest Thrive check needs attention. Today's list
 * and the clinics are kept on the device, so the hub shows them offline, with
 * their age.
 */
export function HubPage({
  role,
  homeClinic,
  clinicCards,
  appointmentActions,
}: {
  role: Role;
  homeClinic: string | null;
  /** More of today at the clinic, from other areas (the hub's route composes them): e.g. visits to complete. */
  clinicCards?: (clinicId: string, now: number) => ReactNode;
  /** More that can be done with an opened appointment (its visit). */
  appointmentActions?: (appointment: ShownAppointment) => ReactNode;
}) {
  const { data: clinics } = useSuspenseQuery(clinicsQueryOptions());
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const clinic = pickClinic(clinics.results, chosen, homeClinic);
  // The day's cards follow the heading: on a slow tablet they are most of the hub's render.
  const bodyShown = useAfterFirstCommit();
  return (
    <PageFrame
      title="Hub"
      crumbs={[{ label: 'Hub' }]}
      purpose={
        clinic ? `Today at ${clinic.name}: who is coming, who is here, and a quick search.` : 'Today at a glance.'
      }
    >
      {bodyShown && (
        <ClinicClock of={clinic && { id: clinic.id }}>
          <Today
            role={role}
            clinics={clinics.results}
            clinic={clinic}
            onChooseClinic={setChosen}
            clinicCards={clinicCards}
            appointmentActions={appointmentActions}
          />
        </ClinicClock>
      )}
    </PageFrame>
  );
}

/** Today at the chosen clinic: who is here, a quick search, who needs attention, and who is coming. */
function Today({
  role,
  clinics,
  clinic,
  onChooseClinic,
  clinicCards,
  appointmentActions,
}: {
  role: Role;
  clinics: readonly Clinic[];
  clinic: Clinic | null;
  onChooseClinic: (clinicId: string) => void;
  clinicCards?: (clinicId: string, now: number) => ReactNode;
  appointmentActions?: (appointment: ShownAppointment) => ReactNode;
}) {
  const now = useNow(TICK_MS);
  const online = useOnline();
  const clock = clinic ? clockOf(clinic.time_zone) : null;
  const today = clock ? todayOn(clock, now) : '';
  const span = clock ? daySpan(today, 1, clock) : null;
  const day = useQuery({
    ...clinicDayQueryOptions({ clinic: clinic?.id, from: span?.from, to: span?.to }),
    enabled: clinic !== null,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  // Today's lists follow the page's frame in a background render: a busy day's rows are most of the hub's render
  // on a slow tablet, and the heading need not wait for them.
  const listsShown = useAfterFirstCommit();

  // With this person's status moves that have not reached the server yet.
  const all = useWithUnsentMoves(day.data?.results ?? NONE);
  const ahead = all.filter((a) => NOT_YET_DONE.has(a.status) && Date.parse(a.ends_at) > now);
  const behind = all.filter((a) => !ahead.includes(a));
  const inClinic = all
    .filter((a) => a.status === 'checked_in' || a.status === 'in_progress')
    .sort((a, b) => Date.parse(a.checked_in_at ?? a.starts_at) - Date.parse(b.checked_in_at ?? b.starts_at));
  const opened = all.find((a) => a.id === openId) ?? null;
  const age = day.dataUpdatedAt > 0 ? formatAge(Math.max(0, now - day.dataUpdatedAt)) : null;

  return (
    <>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {clinics.length > 1 && clinic && (
          <NativeSelect
            label="Clinic"
            data={clinics.map((item) => ({ value: item.id, label: item.name }))}
            value={clinic.id}
            onChange={(event) => onChooseClinic(event.currentTarget.value)}
            w={{ base: '100%', xs: 240 }}
          />
        )}
        {age && (
          <Text size="sm" c="dimmed" role="status">
            {online ? `Updated ${age}` : `Offline: showing what this device saved ${age}`}
          </Text>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="hub-in-clinic">
          <Stack gap="xs">
            <Title order={2} size="h4" id="hub-in-clinic">
              In clinic now
            </Title>
            {!clinic ? (
              <Text size="sm" c="dimmed">
                {NO_CLINIC}
              </Text>
            ) : day.isPending && day.fetchStatus === 'paused' ? (
              <Text size="sm" c="dimmed">
                Not known offline on this device yet.
              </Text>
            ) : day.isPending || !listsShown ? (
              <Skeleton height={44} />
            ) : inClinic.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nobody is checked in right now.
              </Text>
            ) : (
              <Stack
                gap={0}
                component="ul"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label="Clients in clinic now"
              >
                {inClinic.map((a) => (
                  <Group key={a.id} component="li" justify="space-between" wrap="nowrap" py={6} gap="sm">
                    <UnstyledButton onClick={() => setOpenId(a.id)} miw={0} mih={44} style={{ flex: 1 }}>
                      <Text size="sm" fw={700}>
                        {a.client_name}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {a.service_name} · {a.resource_name}
                      </Text>
                    </UnstyledButton>
                    <Stack gap={2} align="flex-end">
                      <StatusBadge status={a.status} unsent={a.unsent} />
                      <Text size="xs" c="dimmed">
                        {a.status === 'checked_in' && a.checked_in_at
                          ? `Waiting ${formatElapsed(now - Date.parse(a.checked_in_at))}`
                          : a.started_at
                            ? `In session ${formatElapsed(now - Date.parse(a.started_at))}`
                            : ''}
                      </Text>
                    </Stack>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </Card>

        <QuickSearch />
        {clinic && clinicCards?.(clinic.id, now)}
      </SimpleGrid>

      <NeedsAttentionCard />

      <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="hub-today">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id="hub-today">
              Today{clinic ? ` at ${clinic.name}` : ''}
            </Title>
            <AnchorLink to="/appointments" size="sm">
              Open the schedule
            </AnchorLink>
          </Group>
          {!clinic ? (
            <Text size="sm" c="dimmed">
              {NO_CLINIC}
            </Text>
          ) : day.isError && !day.data ? (
            online ? (
              <QueryErrorAlert
                title="Today’s appointments could not be loaded"
                error={day.error}
                onRetry={() => void day.refetch()}
                retrying={day.isFetching}
              />
            ) : (
              <Text size="sm" c="dimmed" role="status">
                You are offline, and today’s appointments have not been saved on this device yet.
              </Text>
            )
          ) : day.isPending && day.fetchStatus === 'paused' ? (
            <Text size="sm" c="dimmed" role="status">
              You are offline, and today’s appointments have not been saved on this device yet. They load when the
              connection returns.
            </Text>
          ) : day.isPending || !listsShown ? (
            <Skeleton height={120} />
          ) : ahead.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing more is booked today.
            </Text>
          ) : (
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Coming up today">
              {ahead.map((a) => (
                <TodayRow
                  key={a.id}
                  appointment={a}
                  canCheckIn={CHECK_IN_ROLES.includes(role)}
                  onOpen={() => setOpenId(a.id)}
                />
              ))}
            </Stack>
          )}
          {behind.length > 0 && (
            <Text size="sm" c="dimmed">
              Earlier today: {behind.filter((a) => a.status === 'completed').length} completed,{' '}
              {behind.filter((a) => a.status === 'cancelled').length} cancelled,{' '}
              {behind.filter((a) => a.status === 'no_show').length} no-show (the schedule has them all).
            </Text>
          )}
        </Stack>
      </Card>

      <AppointmentDialog
        appointment={opened}
        resources={[]}
        onClose={() => setOpenId(null)}
        actions={appointmentActions}
      />
    </>
  );
}
