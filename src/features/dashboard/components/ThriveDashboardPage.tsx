import { Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageFrame } from '@/components/PageFrame';
import { AnchorLink, TouchLink } from '@/components/RouterLinks';
import { ClinicClock, clinicsQueryOptions } from '@/features/clinics';
import { counted, pluralOf } from '@/lib/intl';
import { HUB_CRUMB } from '@/lib/navigation';
import {
  BehindBadge,
  ProgressBars,
  SessionDates,
  StatusChip,
  programsQueryOptions,
  type EnrollmentProgress,
  type ProgramOverview,
} from '@/features/enrollments';
import { DEFAULT_STATUS, filtersOf, type DashboardSearch } from '../model/search';
import { STATUS_OPTIONS } from '../model/status-options';
import { ClientLink } from '@/features/people';

/** One enrolled client: who, where they stand, and whether they fell behind. */
function EnrollmentRow({ progress, programName }: { progress: EnrollmentProgress; programName: string }) {
  return (
    <SimpleGrid
      component="li"
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={4} miw={0}>
        <Group gap="xs">
          <ClientLink clientId={progress.client_id}>{progress.client_name}</ClientLink>
          <StatusChip progress={progress} />
        </Group>
        <BehindBadge progress={progress} />
        <SessionDates progress={progress} />
      </Stack>
      <ProgressBars progress={progress} label={`${progress.client_name} in ${programName}`} />
    </SimpleGrid>
  );
}

function ProgramCard({ program, search }: { program: ProgramOverview; search: DashboardSearch }) {
  const { program: _program, ...filters } = search;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={`program-${program.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={`program-${program.id}`}>
            <TouchLink to="/thrive-dashboard/$id" params={{ id: program.id }} search={filters} inherit>
              {program.name}
            </TouchLink>
          </Title>
          <Text size="sm" c={program.behind > 0 ? 'red.9' : 'dimmed'} fw={program.behind > 0 ? 700 : 400}>
            {program.enrolled} enrolled{program.behind > 0 ? ` · ${program.behind} falling behind` : ''}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {program.description} {program.length_weeks} weeks, a session every {program.interval_days}{' '}
          {pluralOf(program.interval_days, 'day', 'days')} or sooner.
        </Text>
        {program.enrollments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No client is enrolled with these filters.
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={`${program.name} clients`}
          >
            {program.enrollments.map((progress) => (
              <EnrollmentRow key={progress.enrollment_id} progress={progress} programName={program.name} />
            ))}
          </Stack>
        )}
        {program.truncated && (
          <Text size="sm" c="dimmed">
            The first {program.enrollments.length} of {program.enrolled};{' '}
            <AnchorLink to="/thrive-dashboard/$id" params={{ id: program.id }} search={filters}>
              open the program
            </AnchorLink>{' '}
            for everyone.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /thrive-dashboard: the programs with their enrolled clients and each one's
 * progress, clients falling behind flagged first, filtered by program, status
 * and clinic (kept in the URL).
 */
export function ThriveDashboardPage({
  search,
  onSearchChange,
}: {
  search: DashboardSearch;
  onSearchChange: (next: DashboardSearch) => void;
}) {
  const { data } = useSuspenseQuery(programsQueryOptions(filtersOf(search)));
  const { data: clinics } = useSuspenseQuery(clinicsQueryOptions());
  // Programs nobody matching is enrolled in go last.
  const shown = data.results
    .filter((program) => !search.program || program.id === search.program)
    .sort((a, b) => Number(a.enrolled === 0) - Number(b.enrolled === 0));
  const enrolled = shown.reduce((sum, program) => sum + program.enrolled, 0);
  const behind = shown.reduce((sum, program) => sum + program.behind, 0);
  const change = (key: keyof DashboardSearch, value: string | null) => {
    const next: DashboardSearch = { ...search };
    if (key === 'status') {
      if (value && value !== DEFAULT_STATUS) next.status = value as DashboardSearch['status'];
      else delete next.status;
    } else if (value) next[key] = value;
    else delete next[key];
    onSearchChange(next);
  };
  return (
    <PageFrame
      title="Thrive dashboard"
      crumbs={[HUB_CRUMB, { label: 'Thrive dashboard' }]}
      purpose="Every program's enrolled clients and their progress; clients falling behind come first."
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Program"
          data={data.results.map((program) => ({ value: program.id, label: program.name }))}
          value={search.program ?? null}
          onChange={(value) => change('program', value)}
          placeholder="All programs"
          clearable
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={search.status ?? DEFAULT_STATUS}
          onChange={(value) => change('status', value)}
          allowDeselect={false}
        />
        <Select
          label="Clinic"
          data={clinics.results.map((clinic) => ({ value: clinic.id, label: clinic.name }))}
          value={search.clinic ?? null}
          onChange={(value) => change('clinic', value)}
          placeholder="All clinics"
          clearable
        />
      </SimpleGrid>
      <Text role="status" fw={600} c={behind > 0 ? 'red.9' : undefined}>
        {enrolled === 0
          ? 'No client is enrolled with these filters.'
          : `${counted(enrolled, 'client', 'clients')} enrolled${behind > 0 ? `, ${behind} falling behind` : ', none falling behind'}.`}
      </Text>
      <ClinicClock of={{ id: search.clinic }}>
        <Stack gap="md">
          {shown.map((program) => (
            <ProgramCard key={program.id} program={program} search={search} />
          ))}
        </Stack>
      </ClinicClock>
    </PageFrame>
  );
}
