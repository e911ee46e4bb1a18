import { Divider, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollTable } from '@/components/signed-in/ScrollTable';
import {
  CONTRAINDICATIONS,
  REAUTHENTICATION_LABELS,
  THERAPY_INFO,
  VITALS_FIELDS,
  VITALS_MEASUREMENTS,
  derivedValues,
  positiveContraindications,
  type FieldSpec,
  type ListSpec,
} from '@contract';
import { therapySpecs, type Visit, type VisitDraft } from '../model/draft';
import { formatDateTime, formatDay, formatTime, type ClinicClock } from '@/lib/intl';
import { Term } from '@/components/signed-in/Term';
import { roleLabel } from '@/lib/auth/roles';

type Entry = { id: string } & Record<string, unknown>;

/** Text or a number, as written; anything else (never expected here) as nothing. */
function plain(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '–';
}

/** A value as the record prints it, with its unit or its option's label, times on the clinic's clock; empty as a dash. */
function shownValue(spec: FieldSpec, value: unknown, clock: ClinicClock): string {
  if (value === null || value === undefined || value === '') return '–';
  switch (spec.input) {
    case 'number':
      return `${plain(value)}${spec.unit ? ` ${spec.unit}` : ''}`;
    case 'choice':
      return spec.options.find((option) => option.value === value)?.label ?? plain(value);
    case 'choices':
      return Array.isArray(value)
        ? value.map((item) => spec.options.find((option) => option.value === item)?.label ?? plain(item)).join(', ') ||
            '–'
        : '–';
    case 'instant':
      return typeof value === 'string' ? formatTime(value, clock) : '–';
    case 'yes-no':
      return value === true ? 'Yes' : 'No';
    case 'checklist': {
      const answers = value as Record<string, boolean | null>;
      const observed = spec.questions.filter((question) => answers[question.key] === true);
      return observed.length === 0 ? 'None observed' : observed.map((question) => question.label).join('; ');
    }
    case 'date':
      return typeof value === 'string' ? formatDay(value, {}, clock.locale) : '–';
    case 'text':
      return plain(value);
  }
}

/** One part of the record, under its heading. */
function RecordPart({ title, gap = 'xs', children }: { title: string; gap?: 'xs' | 'sm'; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={gap}>
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** What the record says of each part: the clock its times are read on, and who entered each entry (none for a client). */
export interface RecordContext {
  clock: ClinicClock;
  /** "Nina Thomas · 11:00" for an entry's id or a field's path; null when the authors are not shown. */
  by: ((key: string) => string) | null;
}

/** A list of a therapy's entries (additives, attempts, site checks) as a table, with who entered each. */
function EntriesTable({ spec, entries, record }: { spec: ListSpec<Entry>; entries: Entry[]; record: RecordContext }) {
  const columns = Object.entries<FieldSpec>(spec.fields);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <ScrollTable label={spec.label} minWidth={480}>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {columns.map(([column, columnSpec]) => (
              <Table.Th key={column}>{columnSpec.label}</Table.Th>
            ))}
            {record.by && <Table.Th>Entered by</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              {columns.map(([column, columnSpec]) => (
                <Table.Td key={column}>{shownValue(columnSpec, entry[column], record.clock)}</Table.Td>
              ))}
              {record.by && <Table.Td>{record.by(entry.id)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The therapy's own fields, what was computed from them, and its lists of entries. */
export function TherapyPart({ draft, record }: { draft: VisitDraft; record: RecordContext }) {
  const therapy = draft.therapy;
  const fields = (draft[therapy] ?? {}) as Record<string, unknown>;
  const derived = derivedValues(draft);
  const computed: [string, string | undefined][] = [
    ['Dose (computed)', derived.dose_j_cm2 === undefined ? undefined : `${derived.dose_j_cm2} J/cm²`],
    ['Heart-rate rise', derived.heart_rate_rise === undefined ? undefined : `${derived.heart_rate_rise} /min`],
    ['Weight change', derived.weight_change_kg === undefined ? undefined : `${derived.weight_change_kg} kg`],
  ];
  return (
    <RecordPart title={THERAPY_INFO[therapy].name} gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {therapySpecs(therapy)
          .filter(([, spec]) => spec.input !== 'list')
          .map(([name, spec]) => (
            <Term key={name} size="sm" label={spec.label}>
              {shownValue(spec as FieldSpec, fields[name], record.clock)}
            </Term>
          ))}
        {computed.map(([label, value]) =>
          value === undefined ? null : (
            <Term key={label} size="sm" label={label}>
              {value}
            </Term>
          ),
        )}
      </SimpleGrid>
      {therapySpecs(therapy)
        .filter((entry): entry is [string, ListSpec<Entry>] => entry[1].input === 'list')
        .map(([name, spec]) => (
          <Stack key={name} gap={4}>
            <Text fw={500} size="sm">
              {spec.label}
            </Text>
            <EntriesTable spec={spec} entries={(fields[name] ?? []) as Entry[]} record={record} />
          </Stack>
        ))}
    </RecordPart>
  );
}

/** The vitals in the order they were taken. */
export function VitalsPart({ draft, record }: { draft: VisitDraft; record: RecordContext }) {
  const vitals = [...(draft.vitals ?? [])].sort((a, b) => Date.parse(a.taken_at) - Date.parse(b.taken_at));
  return (
    <RecordPart title="Vitals">
      {vitals.length === 0 ? (
        <Text size="sm" c="dimmed">
          None recorded
        </Text>
      ) : (
        <ScrollTable label="Vitals" minWidth={520}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                {VITALS_MEASUREMENTS.map((name) => (
                  <Table.Th key={name}>
                    {VITALS_FIELDS[name].label} ({VITALS_FIELDS[name].unit})
                  </Table.Th>
                ))}
                {record.by && <Table.Th>Entered by</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vitals.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {entry.phase} {formatTime(entry.taken_at, record.clock)}
                  </Table.Td>
                  {VITALS_MEASUREMENTS.map((name) => (
                    <Table.Td key={name}>{entry[name] ?? '–'}</Table.Td>
                  ))}
                  {record.by && <Table.Td>{record.by(entry.id)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </RecordPart>
  );
}

/** Consent to the therapy and the contraindication screen (staff only). */
export function ConsentPart({ draft, record }: { draft: VisitDraft; record: RecordContext }) {
  const positive = positiveContraindications(draft);
  const consentDate = draft.consent?.therapy_consent_date;
  return (
    <RecordPart title="Consent and screen">
      <Text size="sm">
        Consent to the therapy:{' '}
        {draft.consent?.therapy_consent
          ? `given on ${consentDate ? formatDay(consentDate, {}, record.clock.locale) : '–'}`
          : 'not recorded'}
      </Text>
      <Text size="sm">
        Contraindications:{' '}
        {positive.length === 0
          ? `none of the ${CONTRAINDICATIONS[draft.therapy].length} on the screen`
          : positive.map((question) => question.label).join('; ')}
      </Text>
      {draft.contraindications?.override_reason && (
        <Text size="sm">
          Went ahead because: {draft.contraindications.override_reason} (
          {record.by?.('contraindications.override_reason')})
        </Text>
      )}
    </RecordPart>
  );
}

/** Adverse reactions, when each happened, and the notes. */
export function ReactionsPart({ draft, record }: { draft: VisitDraft; record: RecordContext }) {
  const reactions = draft.reactions ?? [];
  return (
    <RecordPart title="Adverse reactions and notes">
      {reactions.length === 0 ? (
        <Text size="sm">No adverse reactions.</Text>
      ) : (
        <List size="sm">
          {reactions.map((reaction) => (
            <List.Item key={reaction.id}>
              {formatTime(reaction.occurred_at, record.clock)}: {reaction.what} ({reaction.severity})
              {reaction.action ? `; ${reaction.action}` : ''}
            </List.Item>
          ))}
        </List>
      )}
      {draft.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {draft.notes}
        </Text>
      )}
    </RecordPart>
  );
}

/** The corrections made after signing, in order, each with its author and time. */
export function AddendaPart({ addenda = [], clock }: { addenda: Visit['addenda']; clock: ClinicClock }) {
  if (addenda.length === 0) return null;
  return (
    <RecordPart title="Addenda">
      {addenda.map((addendum, index) => (
        <Stack key={addendum.id} gap={2}>
          {index > 0 && <Divider />}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {addendum.text}
          </Text>
          <Text size="xs" c="dimmed">
            Signed by {addendum.author_name}
            {addendum.author_role ? `, ${roleLabel(addendum.author_role)}` : ''} ·{' '}
            {formatDateTime(addendum.written_on_device_at ?? addendum.created_at, clock)}
            {addendum.reauthenticated_with ? ` · ${REAUTHENTICATION_LABELS[addendum.reauthenticated_with]}` : ''}
          </Text>
        </Stack>
      ))}
    </RecordPart>
  );
}
