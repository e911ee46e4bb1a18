/**
 * One measured value checked against the table of openapi/results/lab-tests.ts,
 * the same way whether staff typed it or a lab's report brought it: a code
 * Thrive records, in the code's unit, a possible value; then flagged against
 * the lab's range, else the table's.
 */
import { labFlag, labMeasure, labValueProblem, type LabRange } from '@contract';
import type { FieldError } from '../core/problem.ts';
import type { ObservationToStore } from './result-store.ts';

export interface MeasuredValue {
  loinc: string;
  value: number;
  /** The UCUM code it came with; undefined when typed on the form (the table's unit). */
  unit: string | undefined;
  /** The lab's own reference range, when its report gives one. */
  range?: LabRange;
}

/** Where each part of a value is, for the refusal's field names. */
export interface ValuePlaces {
  code: string;
  value: string;
  unit: string;
}

/** The value as stored, or the fields at fault. */
export function checkMeasuredValue(
  measured: MeasuredValue,
  places: ValuePlaces,
): { stored: ObservationToStore } | { errors: FieldError[] } {
  const measure = labMeasure(measured.loinc);
  if (!measure) {
    return { errors: [{ field: places.code, message: `LOINC ${measured.loinc} is not a code Thrive records.` }] };
  }
  // A value in another unit means another number: the unit is the one thing to say about it.
  if (measured.unit !== undefined && measured.unit !== measure.unit) {
    const message = `${measure.label} is recorded in ${measure.unit} (UCUM), not ${measured.unit || 'no unit'}.`;
    return { errors: [{ field: places.unit, message }] };
  }
  const problem = labValueProblem(measure, measured.value);
  if (problem) return { errors: [{ field: places.value, message: problem }] };
  const range = measured.range ?? measure.range;
  return {
    stored: {
      loinc: measure.loinc,
      value: measured.value,
      unit: measure.unit,
      range_low: range.low,
      range_high: range.high,
      flag: labFlag(measure, measured.value, range),
    },
  };
}
