import { Alert, Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ComponentProps, ReactNode } from 'react';
import * as v from 'valibot';
import {
  LIFESTYLE_CHOICE_TOPICS,
  PROFILE_FIELDS,
  familyComplete,
  type FamilyHistory,
  type LifestyleHistory,
} from '@contract';
import {
  FamilyHistoryEditor,
  FamilySchema,
  LifestyleEditor,
  LifestyleSchema,
  type FamilyHistoryDraft,
} from '@/features/profiles';
import { useUnsavedDraft } from '@/pwa/drafts';
import { characterCount, counted } from '@/lib/intl';
import { GrowingTextarea } from '@/components/GrowingTextarea';

export const STEP_MESSAGES = {
  goals: 'Tell us at least one goal',
  story: 'Tell us a little about yourself',
  tooLong: (max: number) => `At most ${counted(max, 'character', 'characters')}`,
  topic: 'Choose an answer',
  sleep: 'Enter your hours of sleep',
  family: 'Add a relative, or tick that you know of no conditions in your family',
} as const;

/** The buttons under every step: back, skip for now, and save (which moves on). */
export interface StepActions {
  onBack: (() => void) | null;
  onSkip: (() => void) | null;
  saveLabel: string;
  saving: boolean;
}

function Actions({ onBack, onSkip, saveLabel, saving }: StepActions) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap-reverse">
      <Group gap="sm">
        {onBack && (
          <Button variant="default" onClick={onBack} disabled={saving}>
            Back
          </Button>
        )}
        {onSkip && (
          <Button variant="subtle" onClick={onSkip} disabled={saving}>
            Skip for now
          </Button>
        )}
      </Group>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}

function StepFormFrame({
  label,
  onSubmit,
  error,
  actions,
  children,
}: {
  label: string;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  error?: ReactNode;
  actions: StepActions;
  children: ReactNode;
}) {
  return (
    <form noValidate aria-label={label} onSubmit={onSubmit}>
      <Stack gap="lg">
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Actions {...actions} />
      </Stack>
    </form>
  );
}

/** Health goals or the client's story: free text, required to count the step done. */
export function TextStep({
  field,
  label,
  initial,
  onSave,
  actions,
}: {
  field: 'health_goals' | 'client_story';
  label: string;
  initial: string | null;
  onSave: (value: string) => void;
  actions: StepActions;
}) {
  const max = PROFILE_FIELDS[field].max;
  const schema = v.object({
    value: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(field === 'health_goals' ? STEP_MESSAGES.goals : STEP_MESSAGES.story),
      v.maxLength(max, STEP_MESSAGES.tooLong(max)),
    ),
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: { value: initial ?? '' },
    validate: schemaResolver(schema, { sync: true }),
    transformValues: (values) => v.parse(schema, values),
  });
  useUnsavedDraft(form.isDirty(), label);
  return (
    <StepFormFrame label={label} onSubmit={form.onSubmit((values) => onSave(values.value))} actions={actions}>
      <GrowingTextarea
        size="md"
        label={label}
        description={characterCount(form.values.value.length, max)}
        minRows={5}
        maxRows={16}
        data-autofocus
        {...form.getInputProps('value')}
      />
    </StepFormFrame>
  );
}

/** Every lifestyle topic answered (notes optional): each one left open is named. */
const LifestyleStepSchema = v.object({
  value: v.pipe(
    LifestyleSchema,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const history = dataset.value;
      const open = [
        ...(history.sleep_hours === undefined || history.sleep_hours === null ? (['sleep_hours'] as const) : []),
        ...LIFESTYLE_CHOICE_TOPICS.filter((topic) => history[topic] === undefined || history[topic] === null),
      ];
      for (const key of open) {
        addIssue({
          message: key === 'sleep_hours' ? STEP_MESSAGES.sleep : STEP_MESSAGES.topic,
          path: [{ type: 'object', origin: 'value', input: history, key, value: undefined }],
        });
      }
    }),
  ),
});

export function LifestyleStep({
  initial,
  onSave,
  actions,
}: {
  initial: LifestyleHistory;
  onSave: (value: LifestyleHistory) => void;
  actions: StepActions;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { value: initial },
    validate: schemaResolver(LifestyleStepSchema, { sync: true }),
    transformValues: (values) => v.parse(LifestyleStepSchema, values),
  });
  useUnsavedDraft(form.isDirty(), 'How you live');
  const open = Object.keys(form.errors).length;
  return (
    <StepFormFrame
      label="How you live"
      onSubmit={form.onSubmit((values) => onSave(values.value))}
      error={open > 0 ? `${counted(open, 'answer is', 'answers are')} still open: they are marked above.` : null}
      actions={actions}
    >
      <LifestyleEditor
        path="value"
        value={form.values.value}
        onChange={(next) => {
          form.setFieldValue('value', next);
          if (open > 0) form.validate();
        }}
        errors={form.errors}
      />
    </StepFormFrame>
  );
}

const FamilyStepSchema = v.object({
  value: v.pipe(FamilySchema, v.check(familyComplete, STEP_MESSAGES.family)),
});

export function FamilyStep({
  initial,
  onSave,
  actions,
}: {
  initial: FamilyHistoryDraft;
  onSave: (value: FamilyHistory) => void;
  actions: StepActions;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { value: initial },
    validate: schemaResolver(FamilyStepSchema, { sync: true }),
    transformValues: (values) => v.parse(FamilyStepSchema, values),
  });
  useUnsavedDraft(form.isDirty(), 'Your family’s health');
  return (
    <StepFormFrame
      label="Your family’s health"
      onSubmit={form.onSubmit((values) => onSave(values.value))}
      error={form.errors.value}
      actions={actions}
    >
      <FamilyHistoryEditor
        path="value"
        value={form.values.value}
        onChange={(next) => form.setFieldValue('value', next)}
        errors={form.errors}
      />
    </StepFormFrame>
  );
}
