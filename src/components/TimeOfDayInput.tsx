import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent, FocusEvent, Ref } from 'react';
import { wallTimeTyped } from '@/lib/intl';

export interface TimeOfDayInputProps extends Omit<TextInputProps, 'type' | 'inputMode' | 'onChange' | 'value'> {
  value?: string;
  /** Receives the time as the field now holds it, `HH:MM` once it is whole. */
  onChange?: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A time of day on the clinic's 24-hour clock, typed as HH:MM. A text field:
 * the native time input follows the device's locale (an American tablet shows
 * "01:10 PM" beside a 24-hour schedule). Four digits typed on a tablet's
 * number pad read as HH:MM; "9:30" becomes "09:30" on leaving the field.
 * Used with `form.getInputProps(...)`, whose check says what is wrong.
 */
export function TimeOfDayInput({ onChange, onBlur, ...props }: TimeOfDayInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="HH:MM"
      maxLength={5}
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(wallTimeTyped(event.currentTarget.value))}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        const whole = /^\d:\d\d$/.test(value) ? `0${value}` : value;
        if (whole !== value) onChange?.(whole);
        onBlur?.(event);
      }}
    />
  );
}
