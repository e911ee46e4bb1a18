import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CONDITION_LABELS,
  FAMILY_MEMBERS_MAX,
  FAMILY_MEMBER_NOTES_MAX,
  HISTORY_NOTES_MAX,
  RELATIVE_LABELS,
  FAMILY_CONDITIONS,
  RELATIVES,
  type FamilyCondition,
} from '@contract';
import { memo } from 'react';
import type { FamilyHistoryDraft, FamilyMemberDraft } from '../model/form-values';
import type { HistoryEditorProps } from './LifestyleEditor';
import { characterCount } from '@/lib/intl';
import { TOUCH_TARGET } from '@/config/touch';
import { CheckCard } from '@/components/signed-in/CheckCard';
import { GrowingTextarea } from '@/components/GrowingTextarea';

const RELATIVE_OPTIONS = [
  { value: '', label: 'Choose who', disabled: true },
  ...RELATIVES.map((value) => ({ value, label: RELATIVE_LABELS[value] })),
];

function isCondition(value: string): value is FamilyCondition {
  return (FAMILY_CONDITIONS as readonly string[]).includes(value);
}

/**
 * Conditions per relative (openapi/people/health-history.ts): a card per relative
 * with who it is, what they have or had, and a note; or, for a family with
 * none known, a box saying so. Used by the profile form and by onboarding.
 */
export const FamilyHistoryEditor = memo(function FamilyHistoryEditor({
  value,
  onChange,
  errors = {},
  path,
}: HistoryEditorProps<FamilyHistoryDraft>) {
  const relatives = value.relatives ?? [];
  const setRelatives = (next: FamilyMemberDraft[]) =>
    onChange({ ...value, relatives: next, ...(next.length > 0 ? { none_known: null } : {}) });
  const change = (index: number, member: Partial<FamilyMemberDraft>) =>
    setRelatives(relatives.map((current, at) => (at === index ? { ...current, ...member } : current)));

  return (
    <Stack gap="md">
      {relatives.map((member, index) => {
        const who = member.relative ? RELATIVE_LABELS[member.relative] : `Relative ${index + 1}`;
        return (
          <Card
            key={index}
            withBorder
            radius="md"
            padding="sm"
            role="group"
            aria-label={`${who}, relative ${index + 1}`}
          >
            <Stack gap="sm">
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <NativeSelect
                  size="md"
                  label="Who"
                  style={{ flex: 1 }}
                  data={RELATIVE_OPTIONS}
                  value={member.relative}
                  onChange={(event) => {
                    const next = RELATIVES.find((relative) => relative === event.currentTarget.value);
                    if (next) change(index, { relative: next });
                  }}
                  error={errors[`${path}.relatives.${index}.relative`]}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${who}`}
                  onClick={() => setRelatives(relatives.filter((_, at) => at !== index))}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Group>
              <Checkbox.Group
                label="Conditions they have or had"
                value={member.conditions}
                onChange={(next) => change(index, { conditions: next.filter(isCondition) })}
                error={errors[`${path}.relatives.${index}.conditions`]}
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
                  {FAMILY_CONDITIONS.map((condition) => (
                    <Checkbox.Card key={condition} value={condition} radius="md" p="xs" mih={TOUCH_TARGET}>
                      <Group wrap="nowrap" gap="sm">
                        <Checkbox.Indicator size="sm" />
                        <Text size="sm">{CONDITION_LABELS[condition]}</Text>
                      </Group>
                    </Checkbox.Card>
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
              <TextInput
                size="md"
                label="Note"
                description="Optional, e.g. the age it began, or what “something else” is."
                value={member.notes ?? ''}
                maxLength={FAMILY_MEMBER_NOTES_MAX}
                onChange={(event) => change(index, { notes: event.currentTarget.value })}
                error={errors[`${path}.relatives.${index}.notes`]}
              />
            </Stack>
          </Card>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        disabled={relatives.length >= FAMILY_MEMBERS_MAX}
        onClick={() => setRelatives([...relatives, { relative: '', conditions: [] }])}
      >
        Add a relative
      </Button>
      {errors[`${path}.relatives`] && (
        <Text size="sm" c="red">
          {errors[`${path}.relatives`]}
        </Text>
      )}
      {relatives.length === 0 && (
        <CheckCard
          label="I know of no conditions in my family"
          checked={value.none_known === true}
          onChange={(checked) => onChange({ ...value, none_known: checked })}
        />
      )}
      <GrowingTextarea
        size="md"
        label="Anything else about your family’s health"
        description={`Optional. ${characterCount((value.notes ?? '').length, HISTORY_NOTES_MAX)}.`}
        minRows={2}
        maxRows={8}
        value={value.notes ?? ''}
        onChange={(event) => onChange({ ...value, notes: event.currentTarget.value })}
        error={errors[`${path}.notes`]}
      />
    </Stack>
  );
});
