import { Button, Modal, SegmentedControl, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { ScrollTable } from '@/components/signed-in/ScrollTable';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { IconPlus } from '@tabler/icons-react';
import { VITALS_FIELDS, VITALS_MEASUREMENTS, VITALS_PHASES } from '@contract';
import { useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { newEntryId, type VitalsEntry } from '../model/draft';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { formatTime, useClock } from '@/lib/intl';
import { VitalsFormSchema, type VitalsFormValues } from '../schemas';
import { FieldInput } from './FieldInput';
import { Section } from './Section';
import { useVisitEditing } from './visit-context';
import { EntryMenu } from './EntryMenu';
import { useEntryForm } from './entry-form';

const VITALS = ['vitals'];
const PHASE_COLOURS = { before: 'blue', during: 'grape', after: 'teal' } as const;

/** Blood pressure as one reading (120/80), the rest each with its unit. */
function readings(entry: VitalsEntry): string[] {
  const shown: string[] = [];
  if (entry.systolic != null || entry.diastolic != null) {
    shown.push(`BP ${entry.systolic ?? '–'}/${entry.diastolic ?? '–'} mmHg`);
  }
  for (const name of VITALS_MEASUREMENTS) {
    if (name === 'systolic' || name === 'diastolic') continue;
    const value = entry[name];
    if (value != null) shown.push(`${VITALS_FIELDS[name].label} ${value} ${VITALS_FIELDS[name].unit}`);
  }
  return shown;
}

/** The phase a new entry most likely belongs to: before until there is one, then during. */
function nextPhase(vitals: readonly VitalsEntry[]): VitalsEntry['phase'] {
  if (!vitals.some((entry) => entry.phase === 'before')) return 'before';
  return vitals.some((entry) => entry.phase === 'after') ? 'after' : 'during';
}

/** Vitals as a timed series: each entry stamped with when it was taken and who entered it. */
export function VitalsSection() {
  const { draft, commit, readOnly, attribution, problems, warnings } = useVisitEditing(VITALS);
  /** What in an entry needs a second look before signing, by its place in the draft. */
  const checksOf = (entry: VitalsEntry): string[] => {
    const index = (draft.vitals ?? []).indexOf(entry);
    return VITALS_MEASUREMENTS.flatMap((name) => warnings.get(`vitals.${index}.${name}`) ?? []);
  };
  /** Why an entry is not kept (its time, a reading): the checks' words, by its place in the draft. */
  const problemsOf = (entry: VitalsEntry): string[] => {
    const place = `vitals.${(draft.vitals ?? []).indexOf(entry)}`;
    return [...problems]
      .filter(([path]) => path === place || path.startsWith(`${place}.`))
      .map(([, message]) => message);
  };
  const clock = useClock();
  const vitals = [...(draft.vitals ?? [])].sort((a, b) => Date.parse(a.taken_at) - Date.parse(b.taken_at));
  const [adding, setAdding] = useState(false);
  const problem = problems.get('vitals');
  return (
    <Section
      id="vitals"
      title="Vitals"
      actions={
        !readOnly && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
            Add vitals
          </Button>
        )
      }
    >
      {vitals.length === 0 ? (
        <Text c="dimmed" size="sm">
          No vitals yet. Record them before the session starts, during it, and after it.
        </Text>
      ) : (
        <ScrollTable label="Vitals entries" minWidth={560}>
          <Table verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Readings</Table.Th>
                <Table.Th>Entered by</Table.Th>
                {!readOnly && (
                  // Words a screen reader reads as the column's name (an aria-label alone leaves the header empty).
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vitals.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {/* The badge's words count in the column's width (a badge's clipped label counted as none, and
                        the time ran into the readings at 820 px). */}
                    <TintBadge color={PHASE_COLOURS[entry.phase]} mr="xs" miw="max-content">
                      {VITALS_PHASES.find((phase) => phase.value === entry.phase)?.label}
                    </TintBadge>
                    {formatTime(entry.taken_at, clock)}
                  </Table.Td>
                  <Table.Td>
                    {readings(entry).join(' · ')}
                    {checksOf(entry).map((check) => (
                      <Text key={check} size="sm" c="orange.9" fw={500}>
                        Check: {check}
                      </Text>
                    ))}
                    {problemsOf(entry).map((message) => (
                      <Text key={message} size="sm" c="red.8" fw={500}>
                        Not saved: {message}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{attribution(entry.id)}</Text>
                  </Table.Td>
                  {!readOnly && (
                    <Table.Td>
                      <EntryMenu
                        label={`More for the vitals at ${formatTime(entry.taken_at, clock)}`}
                        remove="Remove these vitals"
                        onRemove={() =>
                          commit(
                            'vitals',
                            (draft.vitals ?? []).filter((item) => item.id !== entry.id),
                          )
                        }
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {problem && (
        <Text size="sm" c="red.8">
          {problem}
        </Text>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add vitals" size="lg">
        <VitalsForm
          phase={nextPhase(vitals)}
          onAdd={(entry) => {
            commit('vitals', [...(draft.vitals ?? []), entry]);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      </Modal>
    </Section>
  );
}

function VitalsForm({
  phase,
  onAdd,
  onCancel,
}: {
  phase: VitalsEntry['phase'];
  onAdd: (entry: VitalsEntry) => void;
  onCancel: () => void;
}) {
  const { form, onSubmit } = useEntryForm<VitalsFormValues>(VitalsFormSchema, {
    phase,
    ...(Object.fromEntries(VITALS_MEASUREMENTS.map((name) => [name, ''])) as Record<
      (typeof VITALS_MEASUREMENTS)[number],
      ''
    >),
  });
  return (
    <form
      onSubmit={onSubmit((values, at) =>
        onAdd({
          id: newEntryId(),
          phase: values.phase,
          taken_at: at,
          ...Object.fromEntries(
            VITALS_MEASUREMENTS.map((name) => [name, typeof values[name] === 'number' ? values[name] : null]),
          ),
        }),
      )}
    >
      <Stack gap="md">
        <SegmentedControl
          aria-label="When"
          data={VITALS_PHASES.map((option) => ({ value: option.value, label: option.label }))}
          fullWidth
          {...form.getInputProps('phase')}
        />
        <TimeOfDayInput label="Time taken" style={{ maxWidth: 200 }} {...form.getInputProps('time')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {VITALS_MEASUREMENTS.map((name) => {
            const input = form.getInputProps(name);
            return (
              <FieldInput
                key={name}
                spec={VITALS_FIELDS[name]}
                value={form.values[name] === '' ? null : form.values[name]}
                onChange={(value) => form.setFieldValue(name, typeof value === 'number' ? value : '')}
                error={input.error as string | undefined}
              />
            );
          })}
        </SimpleGrid>
        <FormActions submit={{ label: 'Add vitals' }} secondary={{ label: 'Cancel', onClick: onCancel }} />
      </Stack>
    </form>
  );
}
