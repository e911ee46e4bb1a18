import { Divider, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollTable } from '@/components/signed-in/ScrollTable';
import { TintBadge } from '@/components/signed-in/TintBadge';
import {
  CONTRAINDICATIONS,
  THERAPY_INFO,
  VITALS_FIELDS,
  VITALS_MEASUREMENTS,
  derivedValues,
  positiveContraindications,
  type FieldSpec,
  type ListSpec,
} from '@contract';
import type { ReactNode } from 'react';
import { therapySpecs, type Visit, type VisitDraft } from '../model/draft';
import { useClinicClock } from '@/features/clinics';
import { formatDateTime, formatDay, formatTime, type ClinicClock } from '@/lib/intl';

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

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * A visit as a record: everything charted, who entered each entry, the
 * signature and hash, and the addenda in order. Read-only, and laid out to
 * print (the discovery page's visit view, a signed visit, the portal's summary).
 */
export function VisitRecord({
  visit,
  draft,
  people,
  withClinicalDetail = true,
}: {
  visit: Pick<
    Visit,
    | 'therapy'
    | 'state'
    | 'signed_by'
    | 'signed_at'
    | 'content_hash'
    | 'addenda'
    | 'attributions'
    | 'created_at'
    | 'clinic_id'
    | 'clinic_name'
  >;
  draft: VisitDraft;
  /** Names by username. */
  people: Readonly<Record<string, string>>;
  /** The whole screen and every entry's author (staff); a client's summary leaves them out. */
  withClinicalDetail?: boolean;
}) {
  const therapy = draft.therapy;
  const fields = (draft[therapy] ?? {}) as Record<string, unknown>;
  const derived = derivedValues(draft);
  // Every time of the record on its clinic's clock.
  const clock = useClinicClock({ id: visit.clinic_id });
  const by = (key: string) => {
    const attribution = visit.attributions[key];
    return attribution ? `${people[attribution.by] ?? 'Staff'} · ${formatTime(attribution.at, clock)}` : '';
  };
  const positive = positiveContraindications(draft);
  return (
    <Stack gap="md" className="visit-record">
      <Group gap="sm">
        <TintBadge color={visit.state === 'signed' ? 'teal' : 'gray'}>
          {visit.state === 'signed' ? 'Signed' : 'Draft'}
        </TintBadge>
        <Text size="sm">
          {THERAPY_INFO[therapy].name} · {formatDateTime(visit.created_at, clock)}
          {visit.clinic_name ? ` · ${visit.clinic_name}` : ''}
        </Text>
      </Group>
      {visit.state === 'signed' && visit.signed_by && visit.signed_at && (
        <Text size="sm">
          Signed by {people[visit.signed_by] ?? 'a member of staff'} on {formatDateTime(visit.signed_at, clock)}.
        </Text>
      )}

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {THERAPY_INFO[therapy].name}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {therapySpecs(therapy)
              .filter(([, spec]) => spec.input !== 'list')
              .map(([name, spec]) => (
                <Item key={name} label={spec.label}>
                  {shownValue(spec as FieldSpec, fields[name], clock)}
                </Item>
              ))}
            {derived.dose_j_cm2 !== undefined && <Item label="Dose (computed)">{derived.dose_j_cm2} J/cm²</Item>}
            {derived.heart_rate_rise !== undefined && (
              <Item label="Heart-rate rise">{derived.heart_rate_rise} /min</Item>
            )}
            {derived.weight_change_kg !== undefined && <Item label="Weight change">{derived.weight_change_kg} kg</Item>}
          </SimpleGrid>
          {therapySpecs(therapy)
            .filter((entry): entry is [string, ListSpec<Entry>] => entry[1].input === 'list')
            .map(([name, spec]) => {
              const entries = (fields[name] ?? []) as Entry[];
              const columns = Object.entries<FieldSpec>(spec.fields);
              return (
                <Stack key={name} gap={4}>
                  <Text fw={500} size="sm">
                    {spec.label}
                  </Text>
                  {entries.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  ) : (
                    <ScrollTable label={spec.label} minWidth={480}>
                      <Table withTableBorder>
                        <Table.Thead>
                          <Table.Tr>
                            {columns.map(([column, columnSpec]) => (
                              <Table.Th key={column}>{columnSpec.label}</Table.Th>
                            ))}
                            {withClinicalDetail && <Table.Th>Entered by</Table.Th>}
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {entries.map((entry) => (
                            <Table.Tr key={entry.id}>
                              {columns.map(([column, columnSpec]) => (
                                <Table.Td key={column}>{shownValue(columnSpec, entry[column], clock)}</Table.Td>
                              ))}
                              {withClinicalDetail && <Table.Td>{by(entry.id)}</Table.Td>}
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </ScrollTable>
                  )}
                </Stack>
              );
            })}
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Vitals
          </Title>
          {(draft.vitals ?? []).length === 0 ? (
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
                    {withClinicalDetail && <Table.Th>Entered by</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...(draft.vitals ?? [])]
                    .sort((a, b) => Date.parse(a.taken_at) - Date.parse(b.taken_at))
                    .map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {entry.phase} {formatTime(entry.taken_at, clock)}
                        </Table.Td>
                        {VITALS_MEASUREMENTS.map((name) => (
                          <Table.Td key={name}>{entry[name] ?? '–'}</Table.Td>
                        ))}
                        {withClinicalDetail && <Table.Td>{by(entry.id)}</Table.Td>}
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Stack>
      </Paper>

      {withClinicalDetail && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              Consent and screen
            </Title>
            <Text size="sm">
              Consent to the therapy:{' '}
              {draft.consent?.therapy_consent
                ? `given on ${draft.consent.therapy_consent_date ? formatDay(draft.consent.therapy_consent_date, {}, clock.locale) : '–'}`
                : 'not recorded'}
            </Text>
            <Text size="sm">
              Contraindications:{' '}
              {positive.length === 0
                ? `none of the ${CONTRAINDICATIONS[therapy].length} on the screen`
                : positive.map((question) => question.label).join('; ')}
            </Text>
            {draft.contraindications?.override_reason && (
              <Text size="sm">
                Went ahead because: {draft.contraindications.override_reason} ({by('contraindications.override_reason')}
                )
              </Text>
            )}
          </Stack>
        </Paper>
      )}

      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Adverse reactions and notes
          </Title>
          {(draft.reactions ?? []).length === 0 ? (
            <Text size="sm">No adverse reactions.</Text>
          ) : (
            <List size="sm">
              {(draft.reactions ?? []).map((reaction) => (
                <List.Item key={reaction.id}>
                  {formatTime(reaction.occurred_at, clock)}: {reaction.what} ({reaction.severity})
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
        </Stack>
      </Paper>

      {visit.addenda.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              Addenda
            </Title>
            {visit.addenda.map((addendum, index) => (
              <Stack key={addendum.id} gap={2}>
                {index > 0 && <Divider />}
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {addendum.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {addendum.author_name} · {formatDateTime(addendum.created_at, clock)}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Paper>
      )}
      {withClinicalDetail && visit.content_hash && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Signed content SHA-256: {visit.content_hash}
        </Text>
      )}
    </Stack>
  );
}
