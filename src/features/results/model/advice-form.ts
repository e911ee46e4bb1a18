/** The advice form's values and its checks: what the API requires, said at the field. */
import { ADVICE_REVIEW_MAX_DAYS } from '@contract';

export interface AdviceValues {
  category: string;
  title: string;
  why: string;
  steps: { id: string; text: string }[];
  review_on: string;
}

/** Two weeks on: when advice is usually looked at again. */
const DEFAULT_REVIEW_DAYS = 14;

function daysAfter(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

export function emptyAdvice(today: string): AdviceValues {
  return {
    category: '',
    title: '',
    why: '',
    steps: [{ id: crypto.randomUUID(), text: '' }],
    review_on: daysAfter(today, DEFAULT_REVIEW_DAYS),
  };
}

export function adviceErrors(values: AdviceValues, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.category === '') errors.category = 'Choose the area the advice is about.';
  if (values.title.trim() === '') errors.title = 'Say what to do.';
  if (values.why.trim() === '') errors.why = 'Say why: the client follows advice they understand.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.review_on)) errors.review_on = 'Choose a day to look at it again.';
  else if (values.review_on < today || values.review_on > daysAfter(today, ADVICE_REVIEW_MAX_DAYS)) {
    errors.review_on = 'Choose a day from today to a year on.';
  }
  return errors;
}
