import { DateInput } from '@mantine/dates';
import '@mantine/core/styles/Popover.css';
import '@mantine/dates/styles.css';
import type { CSSProperties, ReactNode } from 'react';
import { dayTyped, formatDay } from '@/lib/intl';

export interface DayInputProps {
  label: string;
  /** `YYYY-MM-DD`, or empty. */
  value?: string | null | undefined;
  /** The day as `YYYY-MM-DD`, or '' once the field is emptied. */
  onChange: (value: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The first and last days that may be chosen, `YYYY-MM-DD`. */
  minDate?: string | undefined;
  maxDate?: string | undefined;
  /** The locale the date's names are written in (the clinic's). */
  locale?: string;
  style?: CSSProperties;
  onBlur?: () => void;
}

/**
 * A calendar date, shown as every date in Thrive reads ("Tue 1 Dec 2026"),
 * typed as the clinics write it ("1/12/2026", "1 Dec 2026" or "2026-12-01"),
 * or picked from a calendar. Not the native date input, which follows the
 * device's locale (an American tablet shows "12/01/2026").
 */
export function DayInput({ value, onChange, locale, minDate, maxDate, ...props }: DayInputProps) {
  return (
    <DateInput
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={(day) => formatDay(day, {}, locale)}
      dateParser={dayTyped}
      placeholder="e.g. 1/12/2026"
      clearable={!props.required}
      clearButtonProps={{ 'aria-label': `Clear ${props.label}` }}
      minDate={minDate}
      maxDate={maxDate}
      firstDayOfWeek={1}
      popoverProps={{ withinPortal: true }}
    />
  );
}
