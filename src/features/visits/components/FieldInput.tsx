import { Button, Chip, Group, NumberInput, Select, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { FieldSpec } from '@contract';
import { useId, useState, type ReactNode } from 'react';
import { ChoiceCards } from '@/components/ChoiceCards';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { WALL_TIME_MESSAGE, instantOn, isWallTime, useClock, wallTime } from '@/lib/intl';
import { useVisitDay } from './visit-context';
import { DayInput } from '@/components/DayInput';
import { GrowingTextarea } from '@/components/GrowingTextarea';

export interface FieldInputProps {
  spec: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The problem with the value, from the visit's rules. */
  error?: string | undefined;
  /** What needs a second look before signing (a plausibility warning); the value stands. */
  warning?: string | undefined;
  disabled?: boolean;
  /** Who entered it and when, under the input. */
  description?: ReactNode;
  /** Overrides the table's label (e.g. a list entry's own wording). */
  label?: string;
}

/** A SegmentedControl for a few short options (one tap at the bay); a Select beyond that. */
const SEGMENTED_MAX = 3;
const SEGMENTED_LABEL_MAX = 14;

/**
 * One field of a visit, entered the way its kind calls for: numbers on the
 * numeric keypad with their unit beside them, choices as large buttons, times
 * with a 'Now' button, yes or no as two radios. Nothing is clamped or
 * corrected silently: a value outside the rules stays as typed, with the
 * problem under it.
 */
export function FieldInput({ spec, value, onChange, error, warning, disabled, description, label }: FieldInputProps) {
  const labelId = useId();
  const shown = label ?? spec.label;
  const notes = [spec.hint, description].filter(Boolean);
  const hinted =
    notes.length === 0 && !warning ? undefined : (
      <>
        {notes.map((note, index) => (
          <span key={index}>
            {index > 0 ? ' ' : ''}
            {note}
          </span>
        ))}
        {warning && (
          <Text span display="block" size="sm" c="orange.9" fw={500}>
            Check: {warning}
          </Text>
        )}
      </>
    );
  const common = { label: shown, error, disabled, description: hinted };
  switch (spec.input) {
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
          inputMode={spec.decimals === 0 ? 'numeric' : 'decimal'}
          allowDecimal={spec.decimals > 0}
          decimalScale={spec.decimals > 0 ? spec.decimals + 1 : undefined}
          clampBehavior="none"
          hideControls
          rightSection={
            spec.unit ? (
              <Text size="sm" c="dimmed" pr="xs" style={{ whiteSpace: 'nowrap' }}>
                {spec.unit}
              </Text>
            ) : undefined
          }
          rightSectionWidth={spec.unit ? 'auto' : undefined}
          rightSectionPointerEvents="none"
        />
      );
    case 'text':
      return spec.multiline ? (
        <GrowingTextarea
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          minRows={2}
          maxLength={spec.max}
        />
      ) : (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          maxLength={spec.max}
        />
      );
    case 'choice':
      return spec.options.length <= SEGMENTED_MAX &&
        spec.options.every((option) => option.label.length <= SEGMENTED_LABEL_MAX) &&
        !disabled ? (
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span" id={labelId}>
            {shown}
          </Text>
          <SegmentedControl
            aria-labelledby={labelId}
            data={spec.options.map((option) => ({ value: option.value, label: option.label }))}
            value={typeof value === 'string' ? value : ''}
            onChange={(next) => onChange(next)}
            fullWidth
          />
          <FieldNotes hint={hinted} error={error} />
        </Stack>
      ) : (
        <Select
          {...common}
          data={spec.options.map((option) => ({ value: option.value, label: option.label }))}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'choices':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {shown}
          </Text>
          <Chip.Group
            multiple
            value={Array.isArray(value) ? (value as string[]) : []}
            onChange={(next) => onChange(next)}
          >
            <Group gap="xs">
              {spec.options.map((option) => (
                <Chip key={option.value} value={option.value} size="md" disabled={disabled}>
                  {option.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <FieldNotes hint={hinted} error={error} />
        </Stack>
      );
    case 'instant':
      return <InstantInput {...common} value={value} onChange={onChange} />;
    case 'date':
      return (
        <DayInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(day) => onChange(day === '' ? null : day)}
        />
      );
    case 'yes-no':
      return (
        <YesNo label={shown} value={value} onChange={onChange} error={error} disabled={disabled} description={hinted} />
      );
    case 'checklist':
      return null;
  }
}

/** Under a field that draws its own label (segments, chips): its hint, and its problem. */
function FieldNotes({ hint, error }: { hint: ReactNode; error: string | undefined }) {
  return (
    <>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}

/**
 * A time of day of the visit, on its clinic's 24-hour clock, with a 'Now'
 * button. What is typed stays as typed until it is a whole time, which is
 * then kept as the instant it names on the visit's day.
 */
function InstantInput({
  value,
  onChange,
  ...common
}: {
  label: string;
  error: string | undefined;
  disabled: boolean | undefined;
  description: ReactNode;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const clock = useClock();
  // The visit's day on its clinic's clock: the time typed belongs to it.
  const { day } = useVisitDay();
  const saved = typeof value === 'string' ? wallTime(value, clock) : '';
  const [typed, setTyped] = useState(saved);
  const [savedBefore, setSavedBefore] = useState(saved);
  const [left, setLeft] = useState(false);
  // A value set elsewhere ('Now', another nurse's entry) replaces what is typed.
  if (saved !== savedBefore) {
    setSavedBefore(saved);
    setTyped(saved);
  }
  const unfinished = left && typed !== '' && !isWallTime(typed);
  // 'Now' never shrinks (a squeezed button read 'N' in a narrow column of a list's entry): the field gives way,
  // down to a time's width, and below that 'Now' goes under it.
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TimeOfDayInput
        {...common}
        error={unfinished ? WALL_TIME_MESSAGE : common.error}
        value={typed}
        onChange={(next) => {
          setTyped(next);
          if (next === '') onChange(null);
          else if (isWallTime(next)) onChange(instantOn(day, next, clock));
        }}
        onFocus={() => setLeft(false)}
        onBlur={() => setLeft(true)}
        style={{ flex: '1 1 5.5rem', minWidth: 0 }}
      />
      {!common.disabled && (
        <Button
          variant="default"
          onClick={() => onChange(new Date().toISOString())}
          mb={common.error || unfinished || common.description ? 24 : 0}
          style={{ flexShrink: 0 }}
          aria-label={`${common.label}: now`}
        >
          Now
        </Button>
      )}
    </Group>
  );
}

const YES_NO = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
] as const;

/**
 * A question answered yes or no, unanswered until one is chosen: two cards
 * side by side, each a whole touch target, as a radio group named by the
 * question.
 */
export function YesNo({
  label,
  value,
  onChange,
  error,
  disabled,
  description,
}: {
  label: string;
  value: unknown;
  onChange: (value: boolean) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  description?: ReactNode;
}) {
  return (
    <ChoiceCards
      label={label}
      description={description}
      error={error}
      value={value === true ? 'yes' : value === false ? 'no' : null}
      options={YES_NO}
      onChange={(next) => onChange(next === 'yes')}
      disabled={disabled}
      minWidth={120}
    />
  );
}
