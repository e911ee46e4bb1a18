import { NumberInput, Stack } from '@mantine/core';
import {
  HISTORY_NOTES_MAX,
  LIFESTYLE_CHOICES,
  LIFESTYLE_CHOICE_TOPICS,
  SLEEP_HOURS,
  type LifestyleChoice,
  type LifestyleHistory,
} from '@contract';
import { memo, type ReactNode } from 'react';
import { ChoiceCards } from '@/components/ChoiceCards';
import { characterCount } from '@/lib/intl';
import { GrowingTextarea } from '@/components/GrowingTextarea';

export interface HistoryEditorProps<T> {
  value: T;
  onChange: (next: T) => void;
  /** The form's errors, by path; this editor's start with `path`. */
  errors?: Readonly<Record<string, ReactNode>>;
  path: string;
}

/**
 * How the person lives, topic by topic (openapi/people/health-history.ts): hours of
 * sleep, a card per answer for each topic, and notes. Any topic may be left
 * open. Used by the profile form and by Thrive onboarding. Drawn again
 * only when its value or the form's errors change, not at every keystroke
 * elsewhere in the form.
 */
export const LifestyleEditor = memo(function LifestyleEditor({
  value,
  onChange,
  errors = {},
  path,
}: HistoryEditorProps<LifestyleHistory>) {
  const set = <K extends keyof LifestyleHistory>(key: K, next: LifestyleHistory[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <Stack gap="lg">
      <NumberInput
        size="md"
        label={SLEEP_HOURS.label}
        description="In hours; half hours are fine, e.g. 6.5."
        min={SLEEP_HOURS.min}
        max={SLEEP_HOURS.max}
        step={SLEEP_HOURS.step}
        decimalScale={1}
        allowNegative={false}
        maw={260}
        value={value.sleep_hours ?? ''}
        onChange={(next) => set('sleep_hours', typeof next === 'number' ? next : null)}
        error={errors[`${path}.sleep_hours`]}
      />
      {LIFESTYLE_CHOICE_TOPICS.map((topic: LifestyleChoice) => (
        <ChoiceCards
          key={topic}
          label={LIFESTYLE_CHOICES[topic].label}
          value={value[topic]}
          options={LIFESTYLE_CHOICES[topic].options}
          onChange={(next) => set(topic, next)}
          error={errors[`${path}.${topic}`]}
        />
      ))}
      <GrowingTextarea
        size="md"
        label="Anything else about how you live"
        description={`Optional. ${characterCount((value.notes ?? '').length, HISTORY_NOTES_MAX)}.`}
        minRows={2}
        maxRows={8}
        value={value.notes ?? ''}
        onChange={(event) => set('notes', event.currentTarget.value)}
        error={errors[`${path}.notes`]}
      />
    </Stack>
  );
});
