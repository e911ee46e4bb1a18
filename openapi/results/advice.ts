/**
 * Advice the care team leaves a client: what to do, why, in which area, and
 * when its author looks at it again. The client acknowledges it and ticks off
 * its steps; the author and the hub see what is due for review.
 */
import type { AdviceCategory } from '../schema.gen.ts';

export const ADVICE_CATEGORY_LABELS: Readonly<Record<AdviceCategory, string>> = {
  nutrition: 'Nutrition',
  movement: 'Movement',
  sleep: 'Sleep',
  supplement: 'Supplement',
  therapy: 'Therapy',
};

/** The longest a review may be put off: advice is looked at again within a year. */
export const ADVICE_REVIEW_MAX_DAYS = 366;

/** Whether advice is due for review on `today` (a calendar date, YYYY-MM-DD, on the clinic's clock). */
export function adviceDue(advice: { review_on: string }, today: string): boolean {
  return advice.review_on <= today;
}

/** How many of its steps the client has done. */
export function stepsDone(advice: { steps: readonly { done_at: string | null }[] }): number {
  return advice.steps.filter((step) => step.done_at !== null).length;
}
