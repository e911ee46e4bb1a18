import { Button, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { outbox, type OutboxItem } from '@/lib/outbox';
import { fieldConflicts } from '@/lib/outbox/merge';
import { describeValue } from './describe';

/**
 * A change that met someone else's, field by field: what the person set, what
 * the server holds now, and what both started from. They keep theirs or the
 * server's per field; their choice goes as a new change on the current version.
 */
export function ConflictView({ item, onClose }: { item: OutboxItem; onClose: () => void }) {
  const current = item.current ?? {};
  const conflicts = fieldConflicts(item, current);
  const [keepMine, setKeepMine] = useState<ReadonlySet<string>>(() => new Set(conflicts.map((c) => c.field)));
  const [saving, setSaving] = useState(false);

  const choose = (field: string, mine: boolean) =>
    setKeepMine((before) => {
      const next = new Set(before);
      if (mine) next.add(field);
      else next.delete(field);
      return next;
    });

  async function apply() {
    setSaving(true);
    try {
      await outbox().resolve(item.id, keepMine);
      onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={<Text fw={700}>{item.label}: choose what to keep</Text>} size="xl">
      <Stack gap="md">
        <Text size="sm">
          Someone else changed these fields while your change was waiting. For each one, keep your value or the one now
          on the server.
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Yours</Table.Th>
                <Table.Th scope="col">Now on the server</Table.Th>
                <Table.Th scope="col">You started from</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conflicts.map((conflict) => (
                <Table.Tr key={conflict.field}>
                  <Table.Th scope="row">{conflict.label}</Table.Th>
                  <Table.Td>
                    <Radio
                      checked={keepMine.has(conflict.field)}
                      onChange={() => choose(conflict.field, true)}
                      name={`keep-${conflict.field}`}
                      label="Use mine"
                      description={describeValue(conflict.mine)}
                      aria-label={`Use mine for ${conflict.label}: ${describeValue(conflict.mine)}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Radio
                      checked={!keepMine.has(conflict.field)}
                      onChange={() => choose(conflict.field, false)}
                      name={`keep-${conflict.field}`}
                      label="Use theirs"
                      description={describeValue(conflict.theirs)}
                      aria-label={`Use theirs for ${conflict.label}: ${describeValue(conflict.theirs)}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {describeValue(conflict.base)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Decide later
          </Button>
          <Button onClick={() => void apply()} loading={saving}>
            Send my choices
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
