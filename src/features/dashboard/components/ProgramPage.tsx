import { Badge, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { ClinicClock, clinicsQueryOptions } from '@/features/clinics';
import { pluralOf } from '@/lib/intl';
import { DASHBOARD_CRUMB, HUB_CRUMB } from '@/lib/navigation';
import {
  BehindBadge,
  ProgressBars,
  SessionDates,
  StatusChip,
  THERAPY_SHORT,
  programQueryOptions,
  therapyName,
  type EnrollmentProgress,
} from '@/features/enrollments';
import { DEFAULT_STATUS, filtersOf, type DashboardSearch } from '../model/search';
import { STATUS_OPTIONS } from '../model/status-options';
import { ProgramWellbeing } from './ProgramWellbeing';
import { WeeklySessionsChart } from './WeeklySessionsChart';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { ClientLink } from '@/features/people';

const DARK_WORDS = { '--badge-color': 'var(--mantine-color-dark-7)' } as CSSProperties;

/** Every enrolled client as a table row: for tablets and desktops. */
function ProgressTable({
  enrollments,
  programName,
}: {
  enrollments: readonly EnrollmentProgress[];
  programName: string;
}) {
  const therapies = enrollments[0]?.sessions.map((item) => item.therapy) ?? [];
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" aria-label={`${programName} clients`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            {therapies.map((therapy) => (
              <Table.Th key={therapy}>{THERAPY_SHORT[therapy]}</Table.Th>
            ))}
            <Table.Th miw={200}>Progress</Table.Th>
            <Table.Th>Last session, next</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {enrollments.map((progress) => (
            <Table.Tr key={progress.enrollment_id}>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <ClientLink clientId={progress.client_id}>{progress.client_name}</ClientLink>
                  <Group gap={6}>
                    <StatusChip progress={progress} />
                    <BehindBadge progress={progress} />
                  </Group>
                </Stack>
              </Table.Td>
              {progress.sessions.map((item) => (
                <Table.Td key={item.therapy}>
                  {item.done}/{item.planned}
                </Table.Td>
              ))}
              <Table.Td>
                <ProgressBars progress={progress} label={`${progress.client_name} in ${programName}`} />
              </Table.Td>
              <Table.Td>
                <SessionDates progress={progress} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Every enrolled client as a card: for phones. */
function ProgressCards({
  enrollments,
  programName,
}: {
  enrollments: readonly EnrollmentProgress[];
  programName: string;
}) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`${programName} clients`}>
      {enrollments.map((progress) => (
        <Card key={progress.enrollment_id} component="li" withBorder radius="md" padding="sm">
          <Stack gap={6}>
            <Group gap="xs">
              <ClientLink clientId={progress.client_id}>{progress.client_name}</ClientLink>
              <StatusChip progress={progress} />
            </Group>
            <BehindBadge progress={progress} />
            <ProgressBars progress={progress} label={`${progress.client_name} in ${programName}`} />
            <SessionDates progress={progress} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * /thrive-dashboard/{id}: one program: what it plans, its sessions per week,
 * and every enrolled client's progress per therapy, those falling behind
 * first. Loaded only when this route opens.
 */
export function ProgramPage({
  id,
  search,
  onSearchChange,
}: {
  id: string;
  search: DashboardSearch;
  onSearchChange: (next: DashboardSearch) => void;
}) {
  const { data } = useSuspenseQuery(programQueryOptions(id, filtersOf(search)));
  const { data: clinics } = useSuspenseQuery(clinicsQueryOptions());
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const { program, weekly, wellbeing } = data;
  const therapies = program.sessions.map((item) => item.therapy);
  return (
    <ClinicClock of={{ id: search.clinic }}>
      <PageFrame
        title={program.name}
        crumbs={[HUB_CRUMB, DASHBOARD_CRUMB, { label: program.name }]}
        purpose={program.description}
      >
        <Group gap="xs">
          <Badge variant="light" color="thrive" radius="sm" style={DARK_WORDS}>
            {program.length_weeks} weeks
          </Badge>
          {program.sessions.map((item) => (
            <Badge key={item.therapy} variant="outline" color="gray" radius="sm" style={DARK_WORDS}>
              {therapyName(item.therapy)}: {item.planned}
            </Badge>
          ))}
          <Text size="sm" c="dimmed">
            A session every {program.interval_days} {pluralOf(program.interval_days, 'day', 'days')} or sooner keeps a
            client on plan.
          </Text>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={search.status ?? DEFAULT_STATUS}
            onChange={(value) => {
              const { status: _status, ...rest } = search;
              onSearchChange(
                value && value !== DEFAULT_STATUS ? { ...rest, status: value as DashboardSearch['status'] } : rest,
              );
            }}
            allowDeselect={false}
          />
          <Select
            label="Clinic"
            data={clinics.results.map((clinic) => ({ value: clinic.id, label: clinic.name }))}
            value={search.clinic ?? null}
            onChange={(value) => {
              const { clinic: _clinic, ...rest } = search;
              onSearchChange(value ? { ...rest, clinic: value } : rest);
            }}
            placeholder="All clinics"
            clearable
          />
        </SimpleGrid>

        <PanelCard title="Sessions per week" gap="xs">
          <Text size="sm" c="dimmed">
            Sessions done towards the program by the clients listed below.
          </Text>
          {weekly.length === 0 ? (
            <Text size="sm" c="dimmed">
              No sessions yet with these filters.
            </Text>
          ) : (
            <WeeklySessionsChart weeks={weekly} therapies={therapies} />
          )}
        </PanelCard>
        <ProgramWellbeing weeks={wellbeing} />

        <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="program-clients">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Title order={2} size="h4" id="program-clients">
                Enrolled clients
              </Title>
              <Text
                size="sm"
                role="status"
                c={program.behind > 0 ? 'red.9' : 'dimmed'}
                fw={program.behind > 0 ? 700 : 400}
              >
                {program.enrolled} enrolled{program.behind > 0 ? `, ${program.behind} falling behind` : ''}
              </Text>
            </Group>
            {program.enrollments.length === 0 ? (
              <Text size="sm" c="dimmed">
                No client is enrolled with these filters.
              </Text>
            ) : wide ? (
              <ProgressTable enrollments={program.enrollments} programName={program.name} />
            ) : (
              <ProgressCards enrollments={program.enrollments} programName={program.name} />
            )}
            {program.truncated && (
              <Text size="sm" c="dimmed">
                The first {program.enrollments.length} of {program.enrolled}, those falling behind first.
              </Text>
            )}
          </Stack>
        </Card>
      </PageFrame>
    </ClinicClock>
  );
}
