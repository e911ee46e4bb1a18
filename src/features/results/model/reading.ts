/**
 * How a lab value reads, for the client and for staff: against its range, in
 * plain words (openapi/results/lab-tests.ts holds the words and the ranges),
 * and over time.
 */
import {
  HDL_CHOLESTEROL_LOINC,
  LAB_MEASURES,
  TOTAL_CHOLESTEROL_LOINC,
  formatLabValue,
  labMeasure,
  labSide,
  type LabFlag,
  type components,
} from '@contract';

type Schemas = components['schemas'];
type Result = Schemas['Result'];
type Observation = Schemas['Observation'];

export const FLAG_LABELS: Readonly<Record<LabFlag, string>> = {
  low: 'Low',
  normal: 'In range',
  high: 'High',
  critical: 'Critical',
};

export const FLAG_COLORS: Readonly<Record<LabFlag, string>> = {
  low: 'yellow',
  normal: 'green',
  high: 'orange',
  critical: 'red',
};

/** The value with its unit as people write it, e.g. "5.4 %" or "232 mg/dL". */
export function valueWithUnit(observation: Pick<Observation, 'loinc' | 'value' | 'unit'>): string {
  const measure = labMeasure(observation.loinc);
  return measure
    ? `${formatLabValue(measure, observation.value)} ${measure.unitLabel}`
    : `${observation.value} ${observation.unit}`;
}

/** The range in words with its unit, e.g. "70 to 99 mg/dL" or "199 mg/dL or less"; null when it has none. */
export function rangeWords(observation: Pick<Observation, 'loinc' | 'range_low' | 'range_high'>): string | null {
  const measure = labMeasure(observation.loinc);
  if (!measure) return null;
  const { range_low: low, range_high: high } = observation;
  const write = (value: number) => formatLabValue(measure, value);
  if (low !== null && high !== null) return `${write(low)} to ${write(high)} ${measure.unitLabel}`;
  if (high !== null) return `${write(high)} ${measure.unitLabel} or less`;
  if (low !== null) return `${write(low)} ${measure.unitLabel} or more`;
  return null;
}

/** What the value means, in plain words: where it lies against its range, and what that tells. */
export function plainWords(observation: Pick<Observation, 'loinc' | 'value' | 'range_low' | 'range_high'>): string {
  const measure = labMeasure(observation.loinc);
  if (!measure) return '';
  const side = labSide(observation.value, { low: observation.range_low, high: observation.range_high });
  const range = rangeWords(observation);
  const where =
    range === null ? '' : `${side === 'normal' ? 'In' : side === 'low' ? 'Below' : 'Above'} the range (${range}).`;
  return `${where} ${measure.meaning[side]}`.trim();
}

export interface TrendPoint {
  at: string;
  value: number;
}

/** One measure's values over the results, oldest first: its trend. */
export function trendOf(results: readonly Result[], loinc: string): TrendPoint[] {
  return results
    .flatMap((result) =>
      (result.observations ?? [])
        .filter((observation) => observation.loinc === loinc)
        .map((observation) => ({ at: result.collected_at, value: observation.value })),
    )
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The measures the results hold, in the table's order. */
export function measuresIn(results: readonly Result[]): string[] {
  const codes = new Set(results.flatMap((result) => (result.observations ?? []).map((o) => o.loinc)));
  return [...codes].sort((a, b) => measureOrder(a) - measureOrder(b));
}

/** Where a code stands in the table (a code it does not hold goes last). */
function measureOrder(loinc: string): number {
  const index = LAB_MEASURES.findIndex((measure) => measure.loinc === loinc);
  return index < 0 ? Number.MAX_SAFE_INTEGER : index;
}

/** Total and HDL cholesterol from the latest released result that holds both: what the risk calculator takes. */
export interface LatestLipids {
  total: number;
  hdl: number;
  collectedAt: string;
  releasedAt: string;
  testName: string;
}

export function latestLipids(results: readonly Result[]): LatestLipids | null {
  const released = results
    .filter((result) => result.released && result.released_at !== null)
    .sort((a, b) => Date.parse(b.collected_at) - Date.parse(a.collected_at));
  for (const result of released) {
    const value = (loinc: string) => result.observations?.find((observation) => observation.loinc === loinc)?.value;
    const total = value(TOTAL_CHOLESTEROL_LOINC);
    const hdl = value(HDL_CHOLESTEROL_LOINC);
    if (total !== undefined && hdl !== undefined) {
      return {
        total,
        hdl,
        collectedAt: result.collected_at,
        releasedAt: result.released_at!,
        testName: result.test_name,
      };
    }
  }
  return null;
}

/** The span a trend chart draws: every value and the range's ends, with room around them, and three ticks. */
export function trendScale(
  values: readonly number[],
  range: { low: number | null; high: number | null },
  decimals: number,
): { min: number; max: number; ticks: number[] } {
  const all = [...values, ...[range.low, range.high].filter((limit): limit is number => limit !== null)];
  const low = Math.min(...all);
  const high = Math.max(...all);
  const room = Math.max((high - low) * 0.2, Math.abs(high) * 0.05, 10 ** -decimals);
  const round = (value: number) => Number(value.toFixed(decimals));
  const min = round(Math.max(0, low - room));
  const max = round(high + room);
  return { min, max, ticks: [min, round((min + max) / 2), max] };
}
