import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { WarningBadge } from '@/components/signed-in/WarningBadge';
import type { CSSProperties } from 'react';
import { clockOf, formatDate, formatWhen, useClock } from '@/lib/intl';
import { STATUS_LABELS } from '../model/labels';
import { THERAPY_SHORT, behindText, percentDone, sessionsText, type EnrollmentProgress } from '../model/progress';

const DARK_WORDS = { '--badge-color': 'var(--mantine-color-dark-7)' } as CSSProperties;

/** The flag of a client falling behind, and why. */
export function BehindBadge({ progress }: { progress: EnrollmentProgress }) {
  if (!progress.behind) return null;
  return (
    <Group gap={6} wrap="wrap">
      <WarningBadge>Falling behind</WarningBadge>
      <Text size="sm" c="red.9" fw={600}>
        {behindText(progress)}
      </Text>
    </Group>
  );
}

export function StatusChip({ progress }: { progress: EnrollmentProgress }) {
  return (
    <Badge color={progress.status === 'active' ? 'thrive' : 'gray'} variant="light" radius="sm" style={DARK_WORDS}>
      {STATUS_LABELS[progress.status]}
    </Badge>
  );
}

/** Done against planned: a bar for the whole plan and a chip per therapy. */
export function ProgressBars({ progress, label }: { progress: EnrollmentProgress; label: string }) {
  return (
    <Stack gap={6}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {sessionsText(progress)}
        </Text>
        <Text size="sm" c="dimmed">
          {progress.week === 0 ? 'Not started' : `Week ${progress.week}`}
        </Text>
      </Group>
      <Progress
        value={percentDone(progress)}
        color={progress.behind ? 'red.7' : 'thrive.7'}
        size="lg"
        radius="xl"
        aria-label={`${label}: ${sessionsText(progress)}`}
      />
      <Group gap={6}>
        {progress.sessions.map((item) => (
          <Badge key={item.therapy} variant="outline" color="gray" radius="sm" style={DARK_WORDS}>
            {THERAPY_SHORT[item.therapy]} {item.done}/{item.planned}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** Last session and next appointment, in words. */
export function SessionDates({ progress }: { progress: EnrollmentProgress }) {
  const next = progress.next_appointment;
  const clock = useClock();
  return (
    <Text size="sm" c="dimmed">
      Last session: {progress.last_session_at ? formatDate(progress.last_session_at, clock) : 'none yet'} · Next:{' '}
      {next ? `${formatWhen(next.starts_at, clockOf(next.time_zone))}, ${next.service_name}` : 'nothing booked'}
    </Text>
  );
}
