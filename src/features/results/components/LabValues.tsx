import { Group, Stack, Table, Text } from '@mantine/core';
import type { components } from '@contract';
import { ScrollTable } from '@/components/signed-in/ScrollTable';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { FLAG_COLORS, FLAG_LABELS, plainWords, rangeWords, valueWithUnit } from '../model/reading';

type Observation = components['schemas']['Observation'];

/**
 * A result's values against their ranges: as a table for staff, and for the
 * client as a list that says in plain words what each value means. The flag
 * is a word beside the value, never a colour alone.
 */
export function LabValues({
  observations,
  plain = false,
  label = 'Values',
}: {
  observations: readonly Observation[];
  plain?: boolean;
  /** The table's name, its own among the page's others (e.g. "Values of Lipid panel, 2 Dec 2026"). */
  label?: string;
}) {
  if (plain) {
    return (
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Values">
        {observations.map((observation) => (
          <Stack component="li" key={observation.loinc} gap={2}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600}>{observation.label}</Text>
              <Group gap="xs" wrap="nowrap">
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {valueWithUnit(observation)}
                </Text>
                <TintBadge color={FLAG_COLORS[observation.flag]}>{FLAG_LABELS[observation.flag]}</TintBadge>
              </Group>
            </Group>
            <Text size="sm" c="dimmed">
              {plainWords(observation)}
            </Text>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollTable label={label} minWidth={420}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Measure</Table.Th>
            <Table.Th scope="col">Value</Table.Th>
            <Table.Th scope="col">Range</Table.Th>
            <Table.Th scope="col">Flag</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {observations.map((observation) => (
            <Table.Tr key={observation.loinc}>
              <Table.Th scope="row" fw={500}>
                {observation.label}{' '}
                <Text span size="xs" c="dimmed">
                  LOINC {observation.loinc}
                </Text>
              </Table.Th>
              <Table.Td>{valueWithUnit(observation)}</Table.Td>
              <Table.Td>{rangeWords(observation) ?? '—'}</Table.Td>
              <Table.Td>
                <TintBadge color={FLAG_COLORS[observation.flag]}>{FLAG_LABELS[observation.flag]}</TintBadge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
