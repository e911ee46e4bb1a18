import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { components } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { QueryState } from '@/components/QueryState';
import { TouchLink } from '@/components/RouterLinks';
import { BehindBadge, ProgressBars, SessionDates, StatusChip, programsQueryOptions } from '@/features/enrollments';

const UNDER_WAY = new Set<components['schemas']['EnrollmentStatus']>(['active', 'pending', 'paused']);

/** The client's programs with their progress: what is under way first, then the most recent start. */
export function ClientPrograms({ clientId }: { clientId: string }) {
  const programs = useQuery(programsQueryOptions({ client: clientId }));
  return (
    <PanelCard title="Programs">
      <QueryState query={programs} what="The program progress">
        {(data) => {
          const enrolled = data.results
            .flatMap((program) => program.enrollments.map((progress) => ({ program, progress })))
            .sort(
              (a, b) =>
                Number(UNDER_WAY.has(b.progress.status)) - Number(UNDER_WAY.has(a.progress.status)) ||
                b.progress.start_date.localeCompare(a.progress.start_date),
            );
          if (enrolled.length === 0) {
            return (
              <Text size="sm" c="dimmed">
                Not enrolled in any program.
              </Text>
            );
          }
          return (
            <PlainList gap="md">
              {enrolled.map(({ program, progress }) => (
                <Stack component="li" key={progress.enrollment_id} gap={6}>
                  <Group gap="xs">
                    <TouchLink to="/thrive-dashboard/$id" params={{ id: program.id }} fw={700}>
                      {program.name}
                    </TouchLink>
                    <StatusChip progress={progress} />
                    <BehindBadge progress={progress} />
                  </Group>
                  <ProgressBars progress={progress} label={program.name} />
                  <SessionDates progress={progress} />
                </Stack>
              ))}
            </PlainList>
          );
        }}
      </QueryState>
    </PanelCard>
  );
}
