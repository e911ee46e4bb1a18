/** The advice form's values as typed (its checks are adviceFormSchema in ../schemas.ts). */

export interface AdviceValues {
  category: string;
  title: string;
  why: string;
  steps: { id: string; text: string }[];
  review_on: string;
}

/** Two weeks on: when advice is usually looked at again. */
const DEFAULT_REVIEW_DAYS = 14;

/** The calendar day `days` after `date` (both YYYY-MM-DD). */
export function daysAfter(date: string, days: number): string {
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
