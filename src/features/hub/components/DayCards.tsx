import { Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Role } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { TouchLink } from '@/components/RouterLinks';
import { TOUCH_TARGET } from '@/config/touch';
import { StatusBadge, type ShownAppointment } from '@/features/appointments';
import { formatElapsed } from '@/lib/intl';
import { useOnline } from '@/pwa/connection';
import { TodayRow } from './TodayRow';

/** Roles that check clients in at the front desk, with one tap from the hub. */
const CHECK_IN_ROLES: readonly Role[] = ['RECEPTION', 'SUPER_ADMIN'];

/** Said where today's lists would be, when Thrive has no clinic yet (the lists have no day to load). */
const NO_CLINIC = 'No clinic is set up in Thrive yet, so there is no day to show.';
const NOT_SAVED = 'You are offline, and today’s appointments have not been saved on this device yet.';

/** What the hub knows of today at the clinic, for its cards. */
export interface Day {
  /** Null when Thrive has no clinic. */
  query: UseQueryResult<unknown> | null;
  /** Drawn after the page's first commit (a busy day's rows are most of the hub's render on a slow tablet). */
  shown: boolean;
}

/**
 * A card over today's appointments: no clinic, not saved offline, still
 * loading, could not load (online), or the card's own content.
 */
function DayState({ day, skeleton, children }: { day: Day; skeleton: number | string; children: ReactNode }) {
  const online = useOnline();
  const query = day.query;
  if (!query) {
    return (
      <Text size="sm" c="dimmed">
        {NO_CLINIC}
      </Text>
    );
  }
  if (query.data === undefined && (query.fetchStatus === 'paused' || (query.isError && !online))) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {NOT_SAVED} They load when the connection returns.
      </Text>
    );
  }
  if (query.isError && query.data === undefined) {
    return <QueryErrorAlert title="Today’s appointments could not be loaded" query={query} />;
  }
  if (query.data === undefined || !day.shown) return <Skeleton height={skeleton} />;
  return <>{children}</>;
}

/** The clients checked in or in a session now, the longest waiting first, and for how long. */
export function InClinicNow({
  day,
  inClinic,
  now,
  onOpen,
}: {
  day: Day;
  inClinic: readonly ShownAppointment[];
  now: number;
  onOpen: (id: string) => void;
}) {
  return (
    <PanelCard title="In clinic now" gap="xs">
      <DayState day={day} skeleton={TOUCH_TARGET}>
        {inClinic.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody is checked in right now.
          </Text>
        ) : (
          <PlainList label="Clients in clinic now">
            {inClinic.map((a) => (
              <Group key={a.id} component="li" justify="space-between" wrap="nowrap" py={6} gap="sm">
                <UnstyledButton onClick={() => onOpen(a.id)} miw={0} mih={TOUCH_TARGET} style={{ flex: 1 }}>
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
          </PlainList>
        )}
      </DayState>
    </PanelCard>
  );
}

/** Who is still to come today (next first, with one-tap check-in for reception), and how the earlier ones went. */
export function ComingUp({
  day,
  clinicName,
  ahead,
  behind,
  role,
  onOpen,
}: {
  day: Day;
  clinicName: string | null;
  ahead: readonly ShownAppointment[];
  behind: readonly ShownAppointment[];
  role: Role;
  onOpen: (id: string) => void;
}) {
  const count = (status: ShownAppointment['status']) => behind.filter((a) => a.status === status).length;
  return (
    <PanelCard
      title={`Today${clinicName ? ` at ${clinicName}` : ''}`}
      gap="xs"
      actions={
        <TouchLink to="/appointments" size="sm">
          Open the schedule
        </TouchLink>
      }
    >
      <DayState day={day} skeleton={120}>
        {ahead.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing more is booked today.
          </Text>
        ) : (
          <PlainList label="Coming up today">
            {ahead.map((a) => (
              <TodayRow
                key={a.id}
                appointment={a}
                canCheckIn={CHECK_IN_ROLES.includes(role)}
                onOpen={() => onOpen(a.id)}
              />
            ))}
          </PlainList>
        )}
      </DayState>
      {behind.length > 0 && (
        <Text size="sm" c="dimmed">
          Earlier today: {count('completed')} completed, {count('cancelled')} cancelled, {count('no_show')} no-show (the
          schedule has them all).
        </Text>
      )}
    </PanelCard>
  );
}
