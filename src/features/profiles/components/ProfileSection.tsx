import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { describeFamily, describeLifestyle, type HistoryLine } from '@contract';
import { FIELD_LABELS, fieldSpec, isLongField, type EditableField } from '../model/fields';
import { describeValue, EMPTY_VALUE } from '../model/conflict';
import { ageInYears, type Profile } from '../model/profile';
import { formatDay } from '@/lib/intl';
import { Term } from '@/components/signed-in/Term';

export const NOT_GIVEN = 'Not given';

/** One group of fields under its heading; `wide` children span the whole row. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {children}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Full row of a section's grid (long text, histories). */
export function Wide({ children }: { children: ReactNode }) {
  return <div style={{ gridColumn: '1 / -1', minWidth: 0 }}>{children}</div>;
}

/** A history as one line per answer; open topics are not listed. */
function HistoryLines({ lines }: { lines: readonly HistoryLine[] }) {
  if (lines.length === 0) return <>{NOT_GIVEN}</>;
  return (
    <Stack component="span" gap={4}>
      {lines.map((line, index) => (
        <Text component="span" key={index} display="block" fw={500}>
          <Text component="span" c="dimmed" fw={500}>
            {line.topic}:
          </Text>{' '}
          {line.answer}
        </Text>
      ))}
    </Stack>
  );
}

/** A profile field's value as people read it; a past date (the date of birth) with how many years ago. */
export function FieldValue({ profile, field, now }: { profile: Profile; field: EditableField; now?: Date }) {
  if (field === 'lifestyle_history') return <HistoryLines lines={describeLifestyle(profile.lifestyle_history ?? {})} />;
  if (field === 'family_history') return <HistoryLines lines={describeFamily(profile.family_history ?? {})} />;
  const value = profile[field];
  const text = describeValue(field, value);
  if (text === EMPTY_VALUE) return <>{NOT_GIVEN}</>;
  if (field !== 'role' && fieldSpec(field).input === 'past-date' && typeof value === 'string') {
    const years = ageInYears(value, now);
    const day = formatDay(value, { weekday: false });
    return <>{years === null ? day : `${day} (${years} years)`}</>;
  }
  return <>{text}</>;
}

/** A field shown read-only: its label and value. */
export function ReadOnlyProfileField({
  profile,
  field,
  unsent = false,
}: {
  profile: Profile;
  field: EditableField;
  /** The value shown is the person's own change, not yet on the server. */
  unsent?: boolean;
}) {
  const content = (
    <Term label={FIELD_LABELS[field]}>
      <FieldValue profile={profile} field={field} />
      {unsent && (
        <Badge component="span" ml="xs" size="sm" variant="light" color="blue" style={{ verticalAlign: 'middle' }}>
          Not yet on the server
        </Badge>
      )}
    </Term>
  );
  return isLongField(field) ? <Wide>{content}</Wide> : content;
}
