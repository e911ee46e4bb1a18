import { Button, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { TOUCH_TARGET } from '@/config/touch';
import { outbox, type OutboxItem } from '@/lib/outbox';
import { fieldConflicts } from '@/lib/outbox/merge';
import { describeValue } from './describe';

/** One side of a field's choice, as a card a thumb can hit: its words and the value it keeps. */
function KeepChoice({
  name,
  checked,
  onChoose,
  label,
  value,
  'aria-label': ariaLabel,
}: {
  name: string;
  checked: boolean;
  onChoose: () => void;
  label: string;
  value: string;
  'aria-label': string;
}) {
  return (
    <Radio.Card
      name={name}
      checked={checked}
      onClick={onChoose}
      aria-label={ariaLabel}
      radius="md"
      p="xs"
      mih={TOUCH_TARGET}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Radio.Indicator size="sm" checked={checked} />
        <div>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
}

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
                    <KeepChoice
                      name={`keep-${conflict.field}`}
                      checked={keepMine.has(conflict.field)}
                      onChoose={() => choose(conflict.field, true)}
                      label="Use mine"
                      value={describeValue(conflict.mine)}
                      aria-label={`Use mine for ${conflict.label}: ${describeValue(conflict.mine)}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <KeepChoice
                      name={`keep-${conflict.field}`}
                      checked={!keepMine.has(conflict.field)}
                      onChoose={() => choose(conflict.field, false)}
                      label="Use theirs"
                      value={describeValue(conflict.theirs)}
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
