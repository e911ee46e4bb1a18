import { ActionIcon, Button, Group, Input, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { fieldSpec, type HistoryField } from '../model/fields';
import { newHistoryRowId, type ParsedProfile, type ProfileFormValues } from '../model/form-values';

/** A history (free-form answers keyed by topic) as rows of topic and answer. */
export function HistoryEditor({
  field,
  form,
}: {
  field: HistoryField;
  form: UseFormReturnType<ProfileFormValues, ParsedProfile>;
}) {
  const id = useId();
  const { label, hint, maxAnswers = Number.POSITIVE_INFINITY } = fieldSpec(field);
  const entries = form.values[field];
  const full = entries.length >= maxAnswers;
  const error = form.errors[field];

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      description={hint}
      error={error}
      size="md"
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <Stack gap="sm" mt="xs">
        {entries.length === 0 && (
          <Text size="sm" c="dimmed">
            No answers yet.
          </Text>
        )}
        {entries.map((entry, index) => {
          const topic = entry.key.trim() || `answer ${index + 1}`;
          return (
            <Group
              key={entry.id}
              role="group"
              aria-label={`${label}, ${topic}`}
              align="flex-start"
              gap="sm"
              wrap="nowrap"
            >
              <Group gap="sm" align="flex-start" grow style={{ flex: 1, minWidth: 0 }} wrap="wrap">
                <TextInput
                  label="Topic"
                  miw={160}
                  autoComplete="off"
                  {...form.getInputProps(`${field}.${index}.key`)}
                />
                <Textarea
                  size="md"
                  label="Answer"
                  miw={200}
                  autosize
                  minRows={1}
                  maxRows={6}
                  {...form.getInputProps(`${field}.${index}.value`)}
                />
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                size={44}
                mt={26}
                aria-label={`Remove ${topic} from ${label.toLowerCase()}`}
                onClick={() => form.removeListItem(field, index)}
              >
                <IconTrash size={20} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          disabled={full}
          onClick={() => form.insertListItem(field, { id: newHistoryRowId(), key: '', value: '' })}
        >
          Add to {label.toLowerCase()}
        </Button>
        {full && (
          <Text size="sm" c="dimmed">
            A history holds at most {maxAnswers} answers.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
