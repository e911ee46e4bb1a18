/**
 * The laboratory measures Thrive records, in the field's own codes: each one's
 * LOINC code and long common name, its UCUM unit, the adult reference range it
 * is flagged against (a lab's own range, when its report gives one, wins), the
 * critical limits that raise an alert, the values that cannot be a result (a
 * typo, refused), and what a value means in plain words. The panels group
 * them as the partner catalogue's tests report them. The server checks and
 * flags every value with this table; the entry form is built from it; the
 * portal reads a value against its range with it.
 */
import type { LabFlag } from '../schema.gen.ts';

export interface LabMeasure {
  /** The LOINC code (with its check digit). */
  loinc: string;
  /** LOINC's long common name. */
  display: string;
  /** What people call it. */
  label: string;
  /** The UCUM code of the unit values are recorded in. */
  unit: string;
  /** The unit as people read it (UCUM's annotations written out). */
  unitLabel: string;
  /** Decimals a value is written with. */
  decimals: number;
  /** A value outside these is not a result but a typo: refused. */
  possible: { min: number; max: number };
  /** The adult reference range; null where the range is open. */
  range: { low: number | null; high: number | null };
  /** Critical limits: at or beyond them the result raises an alert for staff. */
  critical: { low: number | null; high: number | null };
  /** What the value tells, in plain words, when low, in range or high. */
  meaning: { low: string; normal: string; high: string };
}

const MG_DL = { unit: 'mg/dL', unitLabel: 'mg/dL' } as const;
const NG_ML = { unit: 'ng/mL', unitLabel: 'ng/mL' } as const;
const NO_CRITICAL = { low: null, high: null } as const;

export const LAB_MEASURES: readonly LabMeasure[] = [
  {
    loinc: '2093-3',
    display: 'Cholesterol [Mass/volume] in Serum or Plasma',
    label: 'Total cholesterol',
    ...MG_DL,
    decimals: 0,
    possible: { min: 30, max: 1000 },
    range: { low: null, high: 199 },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than usual.',
      normal: 'In the desirable range.',
      high: 'Higher than desirable: over time it adds to the risk of heart disease.',
    },
  },
  {
    loinc: '2085-9',
    display: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
    label: 'HDL cholesterol',
    ...MG_DL,
    decimals: 0,
    possible: { min: 5, max: 200 },
    range: { low: 40, high: null },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than is good for you: HDL carries cholesterol away from the arteries.',
      normal: 'In a healthy range: HDL carries cholesterol away from the arteries.',
      high: 'Higher than usual.',
    },
  },
  {
    loinc: '13457-7',
    display: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation',
    label: 'LDL cholesterol',
    ...MG_DL,
    decimals: 0,
    possible: { min: 1, max: 800 },
    range: { low: null, high: 99 },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than usual.',
      normal: 'In the optimal range.',
      high: 'Higher than optimal: LDL builds up in the arteries over time.',
    },
  },
  {
    loinc: '2571-8',
    display: 'Triglyceride [Mass/volume] in Serum or Plasma',
    label: 'Triglycerides',
    ...MG_DL,
    decimals: 0,
    possible: { min: 5, max: 5000 },
    range: { low: null, high: 149 },
    critical: { low: null, high: 1000 },
    meaning: {
      low: 'Lower than usual.',
      normal: 'In the normal range.',
      high: 'Higher than normal: often linked to diet, alcohol and blood sugar.',
    },
  },
  {
    loinc: '4548-4',
    display: 'Hemoglobin A1c/Hemoglobin.total in Blood',
    label: 'HbA1c',
    unit: '%',
    unitLabel: '%',
    decimals: 1,
    possible: { min: 2, max: 20 },
    range: { low: 4, high: 5.6 },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than usual.',
      normal: 'Your average blood sugar over the last three months is in the normal range.',
      high: 'Your average blood sugar over the last three months is higher than normal.',
    },
  },
  {
    loinc: '1558-6',
    display: 'Fasting glucose [Mass/volume] in Serum or Plasma',
    label: 'Fasting glucose',
    ...MG_DL,
    decimals: 0,
    possible: { min: 10, max: 2000 },
    range: { low: 70, high: 99 },
    critical: { low: 50, high: 400 },
    meaning: {
      low: 'Your blood sugar after fasting is lower than normal.',
      normal: 'Your blood sugar after fasting is in the normal range.',
      high: 'Your blood sugar after fasting is higher than normal.',
    },
  },
  {
    loinc: '20448-7',
    display: 'Insulin [Units/volume] in Serum or Plasma',
    label: 'Fasting insulin',
    unit: 'u[IU]/mL',
    unitLabel: 'µIU/mL',
    decimals: 1,
    possible: { min: 0.1, max: 1000 },
    range: { low: 2.6, high: 24.9 },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than usual.',
      normal: 'In the normal range.',
      high: 'Higher than normal: your body may need more insulin to keep blood sugar steady.',
    },
  },
  {
    loinc: '1989-3',
    display: '25-Hydroxyvitamin D3+25-Hydroxyvitamin D2 [Mass/volume] in Serum or Plasma',
    label: 'Vitamin D (25-OH)',
    ...NG_ML,
    decimals: 0,
    possible: { min: 1, max: 300 },
    range: { low: 30, high: 100 },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than is good for you: vitamin D matters for bones, muscles and immunity.',
      normal: 'In a healthy range.',
      high: 'Higher than needed: usually from supplements.',
    },
  },
  {
    loinc: '2132-9',
    display: 'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma',
    label: 'Vitamin B12',
    unit: 'pg/mL',
    unitLabel: 'pg/mL',
    decimals: 0,
    possible: { min: 20, max: 5000 },
    range: { low: 200, high: 900 },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than is good for you: B12 matters for nerves and red blood cells.',
      normal: 'In the normal range.',
      high: 'Higher than usual: usually from supplements.',
    },
  },
  {
    loinc: '2284-8',
    display: 'Folate [Mass/volume] in Serum or Plasma',
    label: 'Folate',
    ...NG_ML,
    decimals: 1,
    possible: { min: 0.1, max: 100 },
    range: { low: 3, high: null },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than is good for you.',
      normal: 'In the normal range.',
      high: 'Higher than usual.',
    },
  },
  {
    loinc: '2276-4',
    display: 'Ferritin [Mass/volume] in Serum or Plasma',
    label: 'Ferritin',
    ...NG_ML,
    decimals: 0,
    possible: { min: 1, max: 10000 },
    range: { low: 15, high: 300 },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Your iron stores are lower than normal.',
      normal: 'Your iron stores are in the normal range.',
      high: 'Higher than normal: it can follow inflammation or too much iron.',
    },
  },
  {
    loinc: '19123-9',
    display: 'Magnesium [Mass/volume] in Serum or Plasma',
    label: 'Magnesium',
    ...MG_DL,
    decimals: 1,
    possible: { min: 0.2, max: 15 },
    range: { low: 1.7, high: 2.2 },
    critical: { low: 1, high: 4.9 },
    meaning: {
      low: 'Lower than normal.',
      normal: 'In the normal range.',
      high: 'Higher than normal.',
    },
  },
  {
    loinc: '3016-3',
    display: 'Thyrotropin [Units/volume] in Serum or Plasma',
    label: 'TSH',
    unit: 'm[IU]/L',
    unitLabel: 'mIU/L',
    decimals: 2,
    possible: { min: 0.001, max: 500 },
    range: { low: 0.45, high: 4.5 },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than normal: your thyroid may be more active than usual.',
      normal: 'Your thyroid signal is in the normal range.',
      high: 'Higher than normal: your thyroid may be less active than usual.',
    },
  },
  {
    loinc: '3024-7',
    display: 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma',
    label: 'Free T4',
    unit: 'ng/dL',
    unitLabel: 'ng/dL',
    decimals: 2,
    possible: { min: 0.05, max: 10 },
    range: { low: 0.82, high: 1.77 },
    critical: NO_CRITICAL,
    meaning: {
      low: 'Lower than normal.',
      normal: 'In the normal range.',
      high: 'Higher than normal.',
    },
  },
];

export interface LabPanel {
  /** Thrive's own id of the panel (what a test in the catalogue reports). */
  id: string;
  /** The LOINC code of the panel, where LOINC has one. */
  loinc: string | null;
  name: string;
  /** The measures it reports, in the order a report lists them. */
  measures: readonly string[];
}

/** The panels the partner catalogue's tests report (a test names its panels). */
export const LAB_PANELS: readonly LabPanel[] = [
  { id: 'lipid', loinc: '24331-1', name: 'Lipid panel', measures: ['2093-3', '2085-9', '13457-7', '2571-8'] },
  { id: 'hba1c', loinc: null, name: 'HbA1c', measures: ['4548-4'] },
  { id: 'glucose', loinc: null, name: 'Fasting glucose and insulin', measures: ['1558-6', '20448-7'] },
  {
    id: 'vitamins',
    loinc: null,
    name: 'Vitamins and minerals',
    measures: ['1989-3', '2132-9', '2284-8', '2276-4', '19123-9'],
  },
  { id: 'thyroid', loinc: null, name: 'Thyroid', measures: ['3016-3', '3024-7'] },
];

const BY_CODE: ReadonlyMap<string, LabMeasure> = new Map(LAB_MEASURES.map((measure) => [measure.loinc, measure]));

/** The measure with this LOINC code; undefined for a code Thrive does not record. */
export function labMeasure(loinc: string): LabMeasure | undefined {
  return BY_CODE.get(loinc);
}

/** The LOINC codes of total and HDL cholesterol: what the cardiovascular risk takes from a lipid panel. */
export const TOTAL_CHOLESTEROL_LOINC = '2093-3';
export const HDL_CHOLESTEROL_LOINC = '2085-9';

export interface LabRange {
  low: number | null;
  high: number | null;
}

/**
 * How a value reads against its range: critical at or beyond the measure's
 * critical limits, else low or high outside the range (`range`: the lab's,
 * else the table's), else normal.
 */
export function labFlag(measure: LabMeasure, value: number, range: LabRange = measure.range): LabFlag {
  const { critical } = measure;
  if ((critical.low !== null && value <= critical.low) || (critical.high !== null && value >= critical.high)) {
    return 'critical';
  }
  if (range.low !== null && value < range.low) return 'low';
  if (range.high !== null && value > range.high) return 'high';
  return 'normal';
}

/** Which side of the range a value lies on (a critical value too): what its plain words say. */
export function labSide(value: number, range: LabRange): 'low' | 'normal' | 'high' {
  if (range.low !== null && value < range.low) return 'low';
  if (range.high !== null && value > range.high) return 'high';
  return 'normal';
}

/** The value written with the measure's decimals, e.g. "5.4". */
export function formatLabValue(measure: Pick<LabMeasure, 'decimals'>, value: number): string {
  return value.toFixed(measure.decimals);
}

/** The range in words: "70 to 99", "below 200", "40 or more"; null when open at both ends. */
export function formatLabRange(measure: Pick<LabMeasure, 'decimals'>, range: LabRange): string | null {
  const write = (value: number) => formatLabValue(measure, value);
  if (range.low !== null && range.high !== null) return `${write(range.low)} to ${write(range.high)}`;
  if (range.high !== null) return `${write(range.high)} or less`;
  if (range.low !== null) return `${write(range.low)} or more`;
  return null;
}

/** Why a typed or imported value cannot be recorded; null when it can. */
export function labValueProblem(measure: LabMeasure, value: number): string | null {
  if (!Number.isFinite(value)) return 'Enter a number.';
  const { min, max } = measure.possible;
  if (value < min || value > max) {
    return `${measure.label} of ${value} ${measure.unitLabel} is not possible: check the value (${min} to ${max}).`;
  }
  return null;
}
