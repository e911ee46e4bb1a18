/**
 * The tablet form for a lab result, checked with the rules the server applies
 * (openapi/results/lab-tests.ts): a value for at least one measure, each one
 * possible, and a sample taken no later than now on the clinic's clock.
 */
import { LAB_PANELS, labFlag, labMeasure, labValueProblem, type LabFlag } from '@contract';
import { WALL_TIME_MESSAGE, instantOn, isWallTime, type ClinicClock } from '@/lib/intl';

export interface EntryValues {
  panels: string[];
  date: string;
  time: string;
  lab: string;
  /** By LOINC code: what was typed ('' while empty). */
  values: Record<string, number | string>;
}

/** The measures the chosen panels report, in the panels' order, each once. */
export function measuresOfPanels(panels: readonly string[]): string[] {
  const codes = LAB_PANELS.filter((panel) => panels.includes(panel.id)).flatMap((panel) => panel.measures);
  return [...new Set(codes)];
}

/** The flag a typed value gets, as it is typed; null while it is empty or impossible. */
export function typedFlag(loinc: string, typed: number | string | undefined): LabFlag | null {
  const measure = labMeasure(loinc);
  if (!measure || typeof typed !== 'number' || labValueProblem(measure, typed) !== null) return null;
  return labFlag(measure, typed);
}

/** Every field at fault, keyed as the form names them (`values.2093-3`, `date`, `time`). */
export function entryErrors(values: EntryValues, clock: ClinicClock, now: number = Date.now()): Record<string, string> {
  const errors: Record<string, string> = {};
  const codes = measuresOfPanels(values.panels);
  if (codes.length === 0) errors.panels = 'Choose what the lab measured.';
  let anyValue = false;
  for (const code of codes) {
    const typed = values.values[code];
    if (typed === '' || typed === undefined) continue;
    anyValue = true;
    const measure = labMeasure(code)!;
    const problem = typeof typed === 'number' ? labValueProblem(measure, typed) : 'Enter a number.';
    if (problem) errors[`values.${code}`] = problem;
  }
  if (codes.length > 0 && !anyValue) errors.panels = 'Enter at least one value.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'Enter the day the sample was taken.';
  if (!isWallTime(values.time)) errors.time = WALL_TIME_MESSAGE;
  if (!errors.date && !errors.time && Date.parse(instantOn(values.date, values.time, clock)) > now) {
    errors.time = 'A sample cannot be taken later than now.';
  }
  return errors;
}

/** The observations typed, as the contract's ResultCreate holds them. */
export function typedObservations(values: EntryValues): { loinc: string; value: number; unit: string }[] {
  return measuresOfPanels(values.panels).flatMap((code) => {
    const typed = values.values[code];
    const measure = labMeasure(code);
    return typeof typed === 'number' && measure ? [{ loinc: code, value: typed, unit: measure.unit }] : [];
  });
}
