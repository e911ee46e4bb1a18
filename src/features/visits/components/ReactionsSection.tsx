import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { IconPlus } from '@tabler/icons-react';
import { REACTION_FIELDS, REACTION_SEVERITIES } from '@contract';
import { useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { newEntryId, type AdverseReaction } from '../model/draft';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { formatTime, useClock } from '@/lib/intl';
import { ReactionFormSchema, type ReactionFormValues } from '../schemas';
import { FieldInput } from './FieldInput';
import { Section } from './Section';
import { useVisitEditing } from './visit-context';
import { EntryMenu } from './EntryMenu';
import { useEntryForm } from './entry-form';
import { GrowingTextarea } from '@/components/GrowingTextarea';

const REACTIONS = ['reactions'];
const SEVERITY_COLOURS = { mild: 'yellow', moderate: 'orange', severe: 'red' } as const;

/** Adverse reactions during the session: what, how severe, what was done, when. */
export function ReactionsSection() {
  const { draft, commit, readOnly, attribution } = useVisitEditing(REACTIONS);
  const clock = useClock();
  const reactions = draft.reactions ?? [];
  const [adding, setAdding] = useState(false);
  return (
    <Section
      id="reactions"
      title="Adverse reactions"
      actions={
        !readOnly && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            Record a reaction
          </Button>
        )
      }
    >
      {reactions.length === 0 ? (
        <Text c="dimmed" size="sm">
          None recorded.
        </Text>
      ) : (
        reactions.map((reaction) => (
          <Paper key={reaction.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <TintBadge color={SEVERITY_COLOURS[reaction.severity]}>{reaction.severity}</TintBadge>
                  <Text fw={500}>{reaction.what}</Text>
                </Group>
                {reaction.action && <Text size="sm">Action taken: {reaction.action}</Text>}
                <Text size="sm" c="dimmed">
                  {formatTime(reaction.occurred_at, clock)} · {attribution(reaction.id)}
                </Text>
              </Stack>
              {!readOnly && (
                <EntryMenu
                  label={`More for the reaction “${reaction.what}”`}
                  remove="Remove this reaction"
                  onRemove={() =>
                    commit(
                      'reactions',
                      reactions.filter((item) => item.id !== reaction.id),
                    )
                  }
                />
              )}
            </Group>
          </Paper>
        ))
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="Record an adverse reaction" size="lg">
        <ReactionForm
          onAdd={(reaction) => {
            commit('reactions', [...reactions, reaction]);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      </Modal>
    </Section>
  );
}

function ReactionForm({ onAdd, onCancel }: { onAdd: (reaction: AdverseReaction) => void; onCancel: () => void }) {
  const { form, onSubmit } = useEntryForm<ReactionFormValues>(ReactionFormSchema, {
    what: '',
    severity: '',
    action: '',
  });
  return (
    <form
      onSubmit={onSubmit((values, at) =>
        onAdd({
          id: newEntryId(),
          what: values.what.trim(),
          severity: values.severity as AdverseReaction['severity'],
          action: values.action.trim() === '' ? null : values.action.trim(),
          occurred_at: at,
        }),
      )}
    >
      <Stack gap="md">
        <TextInput
          label={REACTION_FIELDS.what.label}
          maxLength={REACTION_FIELDS.what.max}
          {...form.getInputProps('what')}
        />
        <FieldInput
          spec={{ input: 'choice', label: REACTION_FIELDS.severity.label, options: REACTION_SEVERITIES }}
          value={form.values.severity || null}
          onChange={(value) => form.setFieldValue('severity', String(value))}
          error={form.errors.severity as string | undefined}
        />
        <GrowingTextarea
          label={REACTION_FIELDS.action.label}
          minRows={2}
          maxLength={REACTION_FIELDS.action.max}
          {...form.getInputProps('action')}
        />
        <TimeOfDayInput label="When" style={{ maxWidth: 200 }} {...form.getInputProps('time')} />
        <FormActions submit={{ label: 'Record reaction' }} secondary={{ label: 'Cancel', onClick: onCancel }} />
      </Stack>
    </form>
  );
}
