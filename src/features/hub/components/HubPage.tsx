import { Group, NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { mayReadField, type Role } from '@contract';
import { PageFrame } from '@/components/PageFrame';
import { useAfterFirstCommit } from '@/components/progressive-render';
import {
  AppointmentDialog,
  clinicDayQueryOptions,
  useWithUnsentMoves,
  type Appointment,
  type ShownAppointment,
} from '@/features/appointments';
import { NeedsAttentionCard } from '@/features/assessments';
import { ClinicClock, clinicsQueryOptions, pickClinic, type Clinic } from '@/features/clinics';
import { clockOf, daySpan, formatAge, todayOn, useNow } from '@/lib/intl';
import { useOnline } from '@/pwa/connection';
import { ComingUp, InClinicNow } from './DayCards';
import { QuickSearch } from './QuickSearch';

const NOT_YET_DONE = new Set<Appointment['status']>(['booked', 'checked_in', 'in_progress']);
const TICK_MS = 30_000;
/** A stable empty list while nothing is loaded (hooks compare lists by identity). */
const NONE: readonly Appointment[] = [];

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
  const shownDay = { query: clinic ? day : null, shown: listsShown };

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
        <InClinicNow day={shownDay} inClinic={inClinic} now={now} onOpen={setOpenId} />
        <QuickSearch />
        {clinic && clinicCards?.(clinic.id, now)}
      </SimpleGrid>

      {/* Who needs attention is what a Thrive check's alert says: for the roles that read it. */}
      {mayReadField(role, 'assessment', 'alert') && <NeedsAttentionCard />}

      <ComingUp
        day={shownDay}
        clinicName={clinic?.name ?? null}
        ahead={ahead}
        behind={behind}
        role={role}
        onOpen={setOpenId}
      />

      <AppointmentDialog
        appointment={opened}
        resources={[]}
        onClose={() => setOpenId(null)}
        actions={appointmentActions}
      />
    </>
  );
}
