import { Box, Group, Text } from '@mantine/core';
import { STATUS_BLOCK_COLORS, STATUS_LABELS } from '../model/labels';

const DRAWN = Object.keys(STATUS_BLOCK_COLORS) as (keyof typeof STATUS_BLOCK_COLORS)[];

/** What the schedule's colours mean, and its line for now; cancelled and no-show appointments free their time. */
export function ScheduleLegend() {
  return (
    <Group gap="md" wrap="wrap" component="ul" aria-label="Colours of the schedule" m={0} p={0}>
      {DRAWN.map((status) => (
        <Group key={status} gap={6} component="li" wrap="nowrap" style={{ listStyle: 'none' }}>
          <Box w={14} h={14} style={{ borderRadius: 3, background: STATUS_BLOCK_COLORS[status] }} aria-hidden />
          <Text size="sm">{STATUS_LABELS[status]}</Text>
        </Group>
      ))}
      <Group gap={6} component="li" wrap="nowrap" style={{ listStyle: 'none' }}>
        <Box w={14} h={3} bg="red.7" aria-hidden />
        <Text size="sm">Now</Text>
      </Group>
      <Text size="sm" c="dimmed" component="li" style={{ listStyle: 'none' }}>
        Cancelled and no-show appointments free their time and are not drawn.
      </Text>
    </Group>
  );
}
