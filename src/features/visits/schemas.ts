import * as v from 'valibot';
import {
  REACTION_FIELDS,
  VITALS_FIELDS,
  VITALS_MEASUREMENTS,
  numberProblem,
  type NumberSpec,
  type VitalsMeasurement,
} from '@contract';
import { WALL_TIME_MESSAGE, isWallTime } from '@/lib/intl';

/**
 * The checks of the visit's dialogs (a vitals entry, an adverse reaction, an
 * addendum), derived from the contract's visit tables: each number is checked
 * by numberProblem with its field's range and decimals, so what a dialog
 * accepts the server accepts, with the same words.
 */

export const VISIT_MESSAGES = {
  time: WALL_TIME_MESSAGE,
  oneMeasurement: 'Enter at least one measurement',
  diastolic: 'Must be lower than the systolic',
  what: 'Say what happened',
  severity: 'Choose how severe it was',
  addendum: 'Write the correction',
} as const;

/** A number of a field of the table, or nothing (an empty input). */
function reading(spec: NumberSpec) {
  return v.nullable(
    v.pipe(
      v.number(),
      v.check(
        (value) => numberProblem(spec, value) === null,
        (issue) => numberProblem(spec, Number(issue.input)) ?? 'Enter a number.',
      ),
    ),
  );
}

const fromInput = (value: unknown) => (typeof value === 'number' ? value : null);

/** A reading as the dialog holds it: a number, or '' for an empty input (nothing measured). */
const measurement = (spec: NumberSpec) => v.pipe(v.unknown(), v.transform(fromInput), reading(spec));

const measurements = Object.fromEntries(
  VITALS_MEASUREMENTS.map((name) => [name, measurement(VITALS_FIELDS[name])]),
) as Record<VitalsMeasurement, ReturnType<typeof measurement>>;

/** What the vitals dialog holds: the phase, the time of day, and the readings as typed ('' when empty). */
export type VitalsFormValues = { phase: 'before' | 'during' | 'after'; time: string } & Record<
  VitalsMeasurement,
  number | ''
>;

export const VitalsFormSchema = v.pipe(
  v.object({
    phase: v.picklist(['before', 'during', 'after']),
    time: v.pipe(v.string(), v.check(isWallTime, VISIT_MESSAGES.time)),
    ...measurements,
  }),
  v.forward(
    v.check((entry) => VITALS_MEASUREMENTS.some((name) => entry[name] !== null), VISIT_MESSAGES.oneMeasurement),
    ['heart_rate'],
  ),
  v.forward(
    v.check(
      (entry) => entry.systolic === null || entry.diastolic === null || entry.diastolic < entry.systolic,
      VISIT_MESSAGES.diastolic,
    ),
    ['diastolic'],
  ),
);

export interface ReactionFormValues {
  what: string;
  severity: string;
  action: string;
  time: string;
}

export const ReactionFormSchema = v.object({
  what: v.pipe(v.string(), v.trim(), v.nonEmpty(VISIT_MESSAGES.what), v.maxLength(REACTION_FIELDS.what.max)),
  severity: v.picklist(['mild', 'moderate', 'severe'], VISIT_MESSAGES.severity),
  action: v.pipe(v.string(), v.trim(), v.maxLength(REACTION_FIELDS.action.max)),
  time: v.pipe(v.string(), v.check(isWallTime, VISIT_MESSAGES.time)),
});

export const AddendumFormSchema = v.object({
  text: v.pipe(v.string(), v.trim(), v.nonEmpty(VISIT_MESSAGES.addendum), v.maxLength(4000)),
});
