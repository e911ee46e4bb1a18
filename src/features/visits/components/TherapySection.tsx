import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { THERAPY_INFO, derivedValues, stopCriterionMet, type FieldSpec, type ListSpec } from '@contract';
import { newEntryId, therapySpecs, valueAt } from '../model/draft';
import { FieldInput, YesNo } from './FieldInput';
import { Section } from './Section';
import { useVisitEditing } from './visit-context';
import { EntryMenu } from './EntryMenu';

type Entry = { id: string } & Record<string, unknown>;

/** A field of the therapy, by its spec, at `path` of the draft. */
function Field({ path, spec, label }: { path: string; spec: FieldSpec; label?: string }) {
  const { draft, update, commit, problems, warnings, readOnly, stopped, attribution } = useVisitEditing([path]);
  if (spec.input === 'checklist') {
    const answers = (valueAt(draft, path) ?? {}) as Record<string, boolean | null>;
    return (
      <Stack gap="xs">
        <Text fw={500}>{spec.label}</Text>
        {spec.hint && (
          <Text size="sm" c="dimmed">
            {spec.hint}
          </Text>
        )}
        {spec.questions.map((question) => (
          <YesNo
            key={question.key}
            label={question.label}
            value={answers[question.key]}
            onChange={(value) => commit(`${path}.${question.key}`, value)}
            disabled={readOnly || stopped}
            description={attribution(`${path}.${question.key}`)}
          />
        ))}
        {problems.has(path) && (
          <Text size="sm" c="red.8">
            {problems.get(path)}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <FieldInput
      spec={spec}
      label={label}
      value={valueAt(draft, path)}
      onChange={(value) => update(path, value)}
      error={problems.get(path)}
      warning={warnings.get(path)}
      disabled={readOnly || stopped}
      description={attribution(path)}
    />
  );
}

/** A list of entries (additives, attempts, site checks): each with its own fields, who entered it, and removal. */
function EntryList({ path, spec }: { path: string; spec: ListSpec<Entry> }) {
  const { draft, update, commit, problems, readOnly, stopped, attribution } = useVisitEditing([path]);
  const entries = (valueAt(draft, path) ?? []) as Entry[];
  const fields = Object.entries<FieldSpec>(spec.fields);
  // A new entry's fields are typed next: it is kept with them, after the pause.
  const add = () =>
    update(path, [...entries, { id: newEntryId(), ...Object.fromEntries(fields.map(([name]) => [name, null])) }]);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={500}>{spec.label}</Text>
        {!readOnly && !stopped && (
          <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={add}>
            Add {spec.itemLabel.toLowerCase()}
          </Button>
        )}
      </Group>
      {spec.hint && (
        <Text size="sm" c="dimmed">
          {spec.hint}
        </Text>
      )}
      {entries.length === 0 && (
        <Text size="sm" c="dimmed">
          None recorded.
        </Text>
      )}
      {entries.map((entry, index) => (
        <Paper
          key={entry.id}
          withBorder
          p="sm"
          radius="md"
          bg="var(--mantine-color-gray-0)"
          role="group"
          aria-label={`${spec.itemLabel} ${index + 1}`}
        >
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {spec.itemLabel} {index + 1}
                <Text span size="sm" c="dimmed" fw={400}>
                  {' '}
                  · {attribution(entry.id)}
                </Text>
              </Text>
              {!readOnly && !stopped && (
                <EntryMenu
                  label={`More for ${spec.itemLabel.toLowerCase()} ${index + 1}`}
                  remove={`Remove ${spec.itemLabel.toLowerCase()} ${index + 1}`}
                  onRemove={() =>
                    commit(
                      path,
                      entries.filter((item) => item.id !== entry.id),
                    )
                  }
                />
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: Math.min(fields.length, 3) }} spacing="sm">
              {fields.map(([name, fieldSpec]) => (
                <Field key={name} path={`${path}.${index}.${name}`} spec={fieldSpec} />
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
      {problems.has(path) && (
        <Text size="sm" c="red.8">
          {problems.get(path)}
        </Text>
      )}
    </Stack>
  );
}

/** The parts of the draft the computed values come from (`derivedValues`). */
const DERIVED_FROM = ['red_light', 'fir'];

/** What is computed from the readings, never typed: the red light dose, the sauna's heart-rate rise and weight change. */
function Derived() {
  const { draft } = useVisitEditing(DERIVED_FROM);
  const derived = derivedValues(draft);
  const shown = [
    derived.dose_j_cm2 !== undefined && ['Dose', `${derived.dose_j_cm2} J/cm²`],
    derived.heart_rate_rise !== undefined && ['Heart-rate rise', `${derived.heart_rate_rise} /min`],
    derived.weight_change_kg !== undefined && ['Weight change', `${derived.weight_change_kg} kg`],
  ].filter((item): item is [string, string] => item !== false);
  if (shown.length === 0) return null;
  return (
    <Group gap="xl" role="group" aria-label="Computed">
      {shown.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text size="sm" c="dimmed">
            {label} (computed)
          </Text>
          <Text size="lg" fw={600} data-testid={`derived-${label}`}>
            {value}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

const SAUNA = ['fir'];

/** The sauna's stop criteria, once one is met. */
function StopCriterion() {
  const { draft } = useVisitEditing(SAUNA);
  if (!stopCriterionMet(draft.fir)) return null;
  return (
    <Alert color="orange" variant="light" title="A stop criterion was met">
      The session ends: note in the notes when and how it was stopped.
    </Alert>
  );
}

/** Which therapy: the fields below each read their own part of the draft. */
const THERAPY = ['therapy'];

/** The therapy's own fields, from the contract's table. */
export function TherapySection() {
  const { draft, stopped } = useVisitEditing(THERAPY);
  const therapy = draft.therapy;
  const specs = therapySpecs(therapy);
  const scalars = specs.filter(([, spec]) => spec.input !== 'list' && spec.input !== 'checklist');
  const rest = specs.filter(([, spec]) => spec.input === 'list' || spec.input === 'checklist');
  return (
    <Section id="therapy" title={THERAPY_INFO[therapy].name}>
      <Text size="sm" c="dimmed">
        {THERAPY_INFO[therapy].about}
      </Text>
      {stopped && (
        <Alert color="red" variant="light" title="Closed by the contraindication screen">
          Nothing is charted here until a nurse or doctor records why the visit goes ahead.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {scalars.map(([name, spec]) => (
          <Field key={name} path={`${therapy}.${name}`} spec={spec as FieldSpec} />
        ))}
      </SimpleGrid>
      <Derived />
      {rest.map(([name, spec]) =>
        spec.input === 'list' ? (
          <EntryList key={name} path={`${therapy}.${name}`} spec={spec} />
        ) : (
          <Field key={name} path={`${therapy}.${name}`} spec={spec} />
        ),
      )}
      {therapy === 'fir' && <StopCriterion />}
    </Section>
  );
}
