import { ActionIcon, Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { TOUCH_TARGET } from '@/config/touch';
import type { Clinic } from '@/features/clinics';
import { zoneName, type ClinicClock } from '@/lib/intl';
import { RESOURCE_KIND_LABELS, type Resource } from '../model/labels';
import type { AppointmentsSearch } from '../model/search';
import type { ScheduleView } from './ScheduleGrid';

/**
 * The schedule's controls: which clinic and kind of resource, day or week (not on a phone, which shows a day),
 * booking, and stepping through the days on the clinic's clock.
 */
export function ScheduleControls({
  clinics,
  clinic,
  kinds,
  kind,
  view,
  clock,
  dateText,
  showsToday,
  stepLabels,
  onChange,
  onStep,
  onToday,
  onBook,
}: {
  clinics: readonly Clinic[];
  clinic: Clinic;
  kinds: readonly Resource['kind'][];
  kind: Resource['kind'] | undefined;
  /** Day or week; null where only the day is shown. */
  view: ScheduleView | null;
  clock: ClinicClock;
  dateText: string;
  /** Today (or its week) is what is shown. */
  showsToday: boolean;
  stepLabels: readonly [string, string];
  onChange: (next: Partial<AppointmentsSearch>) => void;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
  onBook: () => void;
}) {
  return (
    <Paper withBorder radius="lg" p="sm">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Clinic"
            data={clinics.map((item) => ({ value: item.id, label: item.name }))}
            value={clinic.id}
            onChange={(event) => onChange({ clinic: event.currentTarget.value, kind: undefined })}
            w={{ base: '100%', xs: 220 }}
          />
          <NativeSelect
            label="Resources"
            data={[
              { value: '', label: 'All resources' },
              ...kinds.map((kind) => ({ value: kind, label: RESOURCE_KIND_LABELS[kind] })),
            ]}
            value={kind ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange({ kind: kinds.find((kind) => kind === value) });
            }}
            w={{ base: '100%', xs: 220 }}
          />
          {view && (
            <SegmentedControl
              aria-label="View"
              data={[
                { value: 'day', label: 'Day' },
                { value: 'week', label: 'Week' },
              ]}
              value={view}
              onChange={(value) => onChange({ view: value === 'week' ? 'week' : 'day' })}
            />
          )}
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onBook} ml="auto">
            Book
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="wrap">
            <Group gap="xs" wrap="nowrap">
              <ActionIcon variant="default" aria-label={stepLabels[0]} onClick={() => onStep(-1)}>
                <IconChevronLeft size={20} aria-hidden />
              </ActionIcon>
              <Button variant="default" h={TOUCH_TARGET} miw={84} onClick={onToday} disabled={showsToday}>
                Today
              </Button>
              <ActionIcon variant="default" aria-label={stepLabels[1]} onClick={() => onStep(1)}>
                <IconChevronRight size={20} aria-hidden />
              </ActionIcon>
            </Group>
            <Title order={2} size="h4" aria-live="polite">
              {dateText}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Times on the clinic’s clock: {clock.timeZone} ({zoneName(clock)})
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
