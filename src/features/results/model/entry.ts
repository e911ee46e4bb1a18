/**
 * The tablet form for a lab result: the panels the lab measured, when the
 * sample was taken, and each value as typed, flagged against the table of
 * openapi/results/lab-tests.ts (its checks are resultEntrySchema in
 * ../schemas.ts).
 */
import { LAB_PANELS, labFlag, labMeasure, labValueProblem, type LabFlag } from '@contract';

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

/** The observations typed, as the contract's ResultCreate holds them. */
export function typedObservations(values: EntryValues): { loinc: string; value: number; unit: string }[] {
  return measuresOfPanels(values.panels).flatMap((code) => {
    const typed = values.values[code];
    const measure = labMeasure(code);
    return typeof typed === 'number' && measure ? [{ loinc: code, value: typed, unit: measure.unit }] : [];
  });
}
