import { Group, Stack, Table, Text } from '@mantine/core';
import type { components } from '@contract';
import { formatDay } from '@/lib/intl';
import { THERAPY_COLORS, THERAPY_SHORT, type Therapy } from '@/features/enrollments';
import { TOUCH_TARGET } from '@/config/touch';

type WeeklySessions = components['schemas']['WeeklySessions'];

const HEIGHT = 180;
const BAR = 40;
const BAR_GAP = 4;
const AXIS = 28;

/** A round top for the axis: 1, 2, 5, 10, 20, 50... at or above the highest week. */
export function axisTop(highest: number): number {
  if (highest <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(highest));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= highest) ?? 10;
  return step * magnitude;
}

/**
 * Sessions done towards the program per week, stacked by therapy: a small
 * SVG chart, with the same numbers as a table for screen readers and for
 * anyone who wants them exact.
 */
export function WeeklySessionsChart({
  weeks,
  therapies,
}: {
  weeks: readonly WeeklySessions[];
  therapies: readonly Therapy[];
}) {
  const totals = weeks.map((week) => therapies.reduce((sum, therapy) => sum + week[therapy], 0));
  const top = axisTop(Math.max(0, ...totals));
  // Drawn at its natural size where there is room, scaled down (never up) where there is not.
  const barWidth = BAR;
  const width = AXIS + Math.max(weeks.length, 4) * (BAR + BAR_GAP);
  const label = `Sessions per week over ${weeks.length} weeks; the busiest week had ${Math.max(0, ...totals)}.`;
  return (
    <Stack gap="xs">
      <Group gap="md">
        {therapies.map((therapy) => (
          <Group key={therapy} gap={6}>
            <svg width="12" height="12" aria-hidden>
              <rect width="12" height="12" rx="2" fill={THERAPY_COLORS[therapy]} />
            </svg>
            <Text size="sm">{THERAPY_SHORT[therapy]}</Text>
          </Group>
        ))}
      </Group>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT + 20}`}
        width="100%"
        role="img"
        aria-label={label}
        style={{ maxWidth: width }}
      >
        <line x1={AXIS} x2={width} y1={HEIGHT} y2={HEIGHT} stroke="var(--mantine-color-gray-5)" />
        <text x={AXIS - 6} y={10} textAnchor="end" fontSize="11" fill="var(--mantine-color-gray-7)">
          {top}
        </text>
        <text x={AXIS - 6} y={HEIGHT} textAnchor="end" fontSize="11" fill="var(--mantine-color-gray-7)">
          0
        </text>
        {weeks.map((week, index) => {
          let y = HEIGHT;
          const x = AXIS + index * (barWidth + BAR_GAP) + BAR_GAP / 2;
          return (
            <g key={week.week_start}>
              {therapies.map((therapy) => {
                const h = (week[therapy] / top) * (HEIGHT - 8);
                y -= h;
                return h > 0 ? (
                  <rect key={therapy} x={x} y={y} width={barWidth} height={h} fill={THERAPY_COLORS[therapy]} />
                ) : null;
              })}
              {(index === 0 || index === weeks.length - 1 || index % 4 === 0) && (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT + 14}
                  textAnchor="middle"
                  fontSize="10"
                  fill="var(--mantine-color-gray-7)"
                >
                  {formatDay(week.week_start, { weekday: false, year: false })}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details>
        <summary style={{ cursor: 'pointer', minHeight: TOUCH_TARGET, display: 'flex', alignItems: 'center' }}>
          The numbers, week by week
        </summary>
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week of</Table.Th>
                {therapies.map((therapy) => (
                  <Table.Th key={therapy}>{THERAPY_SHORT[therapy]}</Table.Th>
                ))}
                <Table.Th>All</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {weeks.map((week, index) => (
                <Table.Tr key={week.week_start}>
                  <Table.Td>{formatDay(week.week_start)}</Table.Td>
                  {therapies.map((therapy) => (
                    <Table.Td key={therapy}>{week[therapy]}</Table.Td>
                  ))}
                  <Table.Td>{totals[index]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </Stack>
  );
}
