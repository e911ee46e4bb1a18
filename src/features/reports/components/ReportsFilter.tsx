import { Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  REPORT_KINDS,
  REPORT_PERIODS,
  type ReportKind,
  type ReportPeriod,
  type ReportsSearch,
} from '../model/report-filter';

const KIND_OPTIONS = [
  { value: '', label: 'Everything' },
  ...(Object.entries(REPORT_KINDS) as [ReportKind, string][]).map(([value, label]) => ({ value, label })),
];
const PERIOD_OPTIONS = [
  ...(Object.entries(REPORT_PERIODS) as [ReportPeriod, { label: string }][]).map(([value, { label }]) => ({
    value,
    label,
  })),
  { value: 'all', label: 'All time' },
];

/** What the reports page shows: one kind or everything, over the last months or all time. Not printed. */
export function ReportsFilter({
  search,
  onSearchChange,
}: {
  search: ReportsSearch;
  onSearchChange: (next: ReportsSearch) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" className="report-no-print">
      <NativeSelect
        size="md"
        label="Show"
        data={KIND_OPTIONS}
        value={search.kind ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const kind = (Object.keys(REPORT_KINDS) as ReportKind[]).find((item) => item === value);
          onSearchChange({ ...(search.period ? { period: search.period } : {}), ...(kind ? { kind } : {}) });
        }}
        w={{ base: '100%', xs: 220 }}
      />
      <Stack gap={4} w={{ base: '100%', xs: 'auto' }}>
        <Text size="md" fw={500} id="reports-period">
          Period
        </Text>
        <SegmentedControl
          size="md"
          aria-labelledby="reports-period"
          fullWidth
          data={PERIOD_OPTIONS}
          value={search.period ?? 'all'}
          onChange={(value) => {
            const period = (Object.keys(REPORT_PERIODS) as ReportPeriod[]).find((item) => item === value);
            onSearchChange({ ...(search.kind ? { kind: search.kind } : {}), ...(period ? { period } : {}) });
          }}
        />
      </Stack>
    </Group>
  );
}
