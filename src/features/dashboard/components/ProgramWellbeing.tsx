import { Text } from '@mantine/core';
import type { components } from '@contract';
import { NotShown } from '@/components/signed-in/NotShown';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { Who5TrendChart } from '@/features/assessments';
import { counted, formatDay, formatNumber } from '@/lib/intl';

type WeeklyWellbeing = components['schemas']['WeeklyWellbeing'];

/**
 * The Thrive checks the clients listed took while enrolled: their mean score week by week, on the same weeks as
 * the sessions chart, and how many needed attention.
 */
export function ProgramWellbeing({ weeks }: { weeks: readonly WeeklyWellbeing[] | null }) {
  const taken = (weeks ?? []).filter((week) => week.checks > 0 && week.mean_score !== null);
  const checks = taken.reduce((sum, week) => sum + week.checks, 0);
  const low = taken.reduce((sum, week) => sum + week.needing_attention, 0);
  const first = taken[0];
  const last = taken.at(-1);
  const weekOf = (week: WeeklyWellbeing) => formatDay(week.week_start, { weekday: false });
  return (
    <PanelCard title="Thrive check scores" gap="xs">
      {weeks === null ? (
        <Text size="sm">
          The clients’ Thrive check scores: <NotShown />
        </Text>
      ) : taken.length === 0 || !first || !last ? (
        <Text size="sm" c="dimmed">
          No Thrive checks yet from these clients while enrolled.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            The mean score each week of the clients listed below, from {counted(checks, 'check', 'checks')} taken while
            enrolled; {formatNumber(low)} needed attention (28 or less).
          </Text>
          <Who5TrendChart
            label="Mean Thrive check score per week, 0 to 100"
            summary={`From ${first.mean_score} in the week of ${weekOf(first)} to ${last.mean_score} in the week of ${weekOf(last)}.`}
            points={taken.map((week) => ({ at: `${week.week_start}T12:00:00Z`, value: week.mean_score ?? 0 }))}
          />
        </>
      )}
    </PanelCard>
  );
}
