import { Box, Input, NativeSelect, TextInput } from '@mantine/core';
import { useCallback, useId, useMemo, type ReactNode } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { contactMethodValues } from '@contract';
import { EmailInput } from '@/components/EmailInput';
import { characterCount, todayOn, useClock } from '@/lib/intl';
import {
  APPOINTMENT_DURATIONS,
  CONTACT_METHOD_LABELS,
  durationLabel,
  fieldSpec,
  type ProfileField,
} from '../model/fields';
import type { ParsedProfile, ProfileFormValues } from '../model/form-values';
import { FamilyHistoryEditor } from './FamilyHistoryEditor';
import { LifestyleEditor } from './LifestyleEditor';
import { Wide } from './ProfileSection';
import { DayInput } from '@/components/DayInput';
import { GrowingTextarea } from '@/components/GrowingTextarea';

export type ProfileFormApi = UseFormReturnType<ProfileFormValues, ParsedProfile>;

const GENDER_OPTIONS = [
  { value: '', label: 'Not specified' },
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
];

const CONTACT_OPTIONS = contactMethodValues.map((value) => ({ value, label: CONTACT_METHOD_LABELS[value] }));

/** A number typed without a country code gets +1 (normalisePhone); the hint shows the expected form. */
const PHONE_HINT = 'With country code, e.g. +15555550101';

/** The appointment lengths offered, with the profile's own first when it is not one of them. */
function durationOptions(current: string) {
  return APPOINTMENT_DURATIONS.some((option) => option.value === current)
    ? [...APPOINTMENT_DURATIONS]
    : [{ value: current, label: durationLabel(current) }, ...APPOINTMENT_DURATIONS];
}

/**
 * The form's errors under `path` only, kept the same object while they stay
 * the same: a history's editor then draws again only when its own value or
 * errors change, not at every keystroke elsewhere in the form.
 */
function useErrorsUnder(form: ProfileFormApi, path: string): Record<string, ReactNode> {
  const signature = JSON.stringify(
    Object.entries(form.errors).filter(([key]) => key === path || key.startsWith(`${path}.`)),
  );
  return useMemo(() => Object.fromEntries(JSON.parse(signature) as [string, ReactNode][]), [signature]);
}

function LifestyleField({ form }: { form: ProfileFormApi }) {
  const { setFieldValue } = form;
  const onChange = useCallback(
    (next: ProfileFormValues['lifestyle_history']) => setFieldValue('lifestyle_history', next),
    [setFieldValue],
  );
  const errors = useErrorsUnder(form, 'lifestyle_history');
  return (
    <LifestyleEditor
      path="lifestyle_history"
      value={form.values.lifestyle_history}
      onChange={onChange}
      errors={errors}
    />
  );
}

function FamilyField({ form }: { form: ProfileFormApi }) {
  const { setFieldValue } = form;
  const onChange = useCallback(
    (next: ProfileFormValues['family_history']) => setFieldValue('family_history', next),
    [setFieldValue],
  );
  const errors = useErrorsUnder(form, 'family_history');
  return (
    <FamilyHistoryEditor path="family_history" value={form.values.family_history} onChange={onChange} errors={errors} />
  );
}

/** A history's answers under its label, as one named group. */
function HistoryGroup({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      description={hint}
      size="md"
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <Box mt="sm">{children}</Box>
    </Input.Wrapper>
  );
}

/** The input for one profile field, by its kind in the contract's field table, wired to the form. */
export function ProfileFieldInput({ field, form, own }: { field: ProfileField; form: ProfileFormApi; own: boolean }) {
  const spec = fieldSpec(field);
  const clock = useClock();
  const value = form.values[field];
  const common = {
    label: spec.label,
    description: spec.hint,
    // The browser's autofill on the person's own profile only: staff must not fill a client's form with their own data.
    autoComplete: own ? (spec.autoComplete ?? 'off') : 'off',
    ...form.getInputProps(field),
  };

  switch (spec.input) {
    case 'text':
      return <TextInput {...common} required={spec.required} />;
    case 'long-text':
      return (
        <Wide>
          <GrowingTextarea
            {...common}
            size="md"
            minRows={3}
            maxRows={12}
            description={characterCount(typeof value === 'string' ? value.length : 0, spec.max ?? 0)}
          />
        </Wide>
      );
    case 'phone':
      return <TextInput {...common} type="tel" inputMode="tel" description={spec.hint ?? PHONE_HINT} />;
    case 'email':
      return <EmailInput {...common} asTyped />;
    case 'past-date':
      return (
        <DayInput
          {...common}
          value={typeof common.value === 'string' ? common.value : ''}
          maxDate={todayOn(clock)}
          locale={clock.locale}
        />
      );
    case 'url':
      return <TextInput {...common} type="url" inputMode="url" />;
    case 'digits':
      return <TextInput {...common} inputMode="numeric" />;
    case 'gender':
      return <NativeSelect {...common} size="md" data={GENDER_OPTIONS} />;
    case 'contact-method':
      return <NativeSelect {...common} size="md" data={CONTACT_OPTIONS} />;
    case 'duration':
      return <NativeSelect {...common} size="md" data={durationOptions(typeof value === 'string' ? value : '')} />;
    case 'lifestyle':
    case 'family':
      return (
        <Wide>
          <HistoryGroup label={spec.label} hint={spec.hint}>
            {spec.input === 'lifestyle' ? <LifestyleField form={form} /> : <FamilyField form={form} />}
          </HistoryGroup>
        </Wide>
      );
  }
}
