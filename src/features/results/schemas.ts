import * as v from 'valibot';
import { ADVICE_REVIEW_MAX_DAYS, adviceCategoryValues, labMeasure, labValueProblem } from '@contract';
import { WALL_TIME_MESSAGE, instantOn, isWallTime, type ClinicClock } from '@/lib/intl';
import { isIsoDate } from '@/lib/validation/formats';
import { daysAfter, type AdviceValues } from './model/advice-form';
import { measuresOfPanels, type EntryValues } from './model/entry';

/**
 * The checks of the lab-result and advice forms, with the rules the server
 * applies (openapi/results/): each value checked with the table's
 * labValueProblem, so what the form accepts the server accepts, in the same
 * words; a sample taken no later than now on the clinic's clock; a review
 * date from today to a year on.
 */

export const RESULT_MESSAGES = {
  panels: 'Choose what the lab measured.',
  oneValue: 'Enter at least one value.',
  number: 'Enter a number.',
  date: 'Enter the day the sample was taken.',
  time: WALL_TIME_MESSAGE,
  later: 'A sample cannot be taken later than now.',
} as const;

/** A step of a valibot issue's path: the field `key` of the record `input`. */
function field(input: Record<string, unknown>, key: string) {
  return { type: 'object', origin: 'value', input, key, value: input[key] } as const;
}

/** The lab-result form's checks, on `clock` (its day and time), as of `now`. */
export function resultEntrySchema(clock: ClinicClock, now: () => number = Date.now) {
  return v.pipe(
    v.object({
      panels: v.array(v.string()),
      date: v.pipe(v.string(), v.check(isIsoDate, RESULT_MESSAGES.date)),
      time: v.pipe(v.string(), v.check(isWallTime, RESULT_MESSAGES.time)),
      lab: v.string(),
      // The form's own record of what was typed, by LOINC code: each is checked below against its measure.
      values: v.pipe(
        v.unknown(),
        v.transform((input) => input as EntryValues['values']),
      ),
    }),
    // Each measure of the chosen panels that was typed is checked at its own field (`values.2093-3`).
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const entry = dataset.value;
      const codes = measuresOfPanels(entry.panels);
      const typedCodes = codes.filter((code) => entry.values[code] !== undefined && entry.values[code] !== '');
      for (const code of typedCodes) {
        const typed = entry.values[code]!;
        const problem = typeof typed === 'number' ? labValueProblem(labMeasure(code)!, typed) : RESULT_MESSAGES.number;
        if (problem) addIssue({ message: problem, path: [field(entry, 'values'), field(entry.values, code)] });
      }
      if (typedCodes.length === 0) {
        const message = codes.length === 0 ? RESULT_MESSAGES.panels : RESULT_MESSAGES.oneValue;
        addIssue({ message, path: [field(entry, 'panels')] });
      }
    }),
    v.forward(
      v.check(
        // A day or time not yet whole is told at its own field.
        (entry) =>
          !isIsoDate(entry.date) ||
          !isWallTime(entry.time) ||
          Date.parse(instantOn(entry.date, entry.time, clock)) <= now(),
        RESULT_MESSAGES.later,
      ),
      ['time'],
    ),
  ) satisfies v.GenericSchema<unknown, EntryValues>;
}

export const ADVICE_MESSAGES = {
  category: 'Choose the area the advice is about.',
  title: 'Say what to do.',
  why: 'Say why: the client follows advice they understand.',
  reviewMissing: 'Choose a day to look at it again.',
  review: 'Choose a day from today to a year on.',
} as const;

/** The advice form's checks as of `today` (on the clinic's clock); its output is the advice as it is sent. */
export function adviceFormSchema(today: string) {
  const latest = daysAfter(today, ADVICE_REVIEW_MAX_DAYS);
  return v.object({
    category: v.picklist(adviceCategoryValues, ADVICE_MESSAGES.category),
    title: v.pipe(v.string(), v.trim(), v.nonEmpty(ADVICE_MESSAGES.title)),
    why: v.pipe(v.string(), v.trim(), v.nonEmpty(ADVICE_MESSAGES.why)),
    // Steps left empty are not steps.
    steps: v.pipe(
      v.array(v.object({ id: v.string(), text: v.pipe(v.string(), v.trim()) })),
      v.transform((steps) => steps.filter((step) => step.text !== '')),
    ),
    review_on: v.pipe(
      v.string(),
      v.check(isIsoDate, ADVICE_MESSAGES.reviewMissing),
      // ISO dates compare correctly as text.
      v.check((day) => day >= today && day <= latest, ADVICE_MESSAGES.review),
    ),
  }) satisfies v.GenericSchema<AdviceValues>;
}
