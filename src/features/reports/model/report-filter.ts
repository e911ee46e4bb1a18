import * as v from 'valibot';
import { addDays } from '@contract';

/** The parts of the reports page, in its order, as the filter names them. */
export const REPORT_KINDS = {
  labs: 'Lab results',
  advice: 'Advice',
  visits: 'Visits',
  wellbeing: 'Thrive check',
  cognitive: 'Cognitive',
  heart: 'Heart health',
} as const;
export type ReportKind = keyof typeof REPORT_KINDS;

/** How far back the page reaches (labels short enough for three segments on a phone). */
export const REPORT_PERIODS = {
  '3m': { label: '3 months', days: 91 },
  '12m': { label: '12 months', days: 365 },
} as const;
export type ReportPeriod = keyof typeof REPORT_PERIODS;

/** The filter lives in the URL: back, forward and reload keep it; anything malformed is dropped. */
const ReportsSearchSchema = v.object({
  kind: v.fallback(v.optional(v.picklist(Object.keys(REPORT_KINDS) as ReportKind[])), undefined),
  period: v.fallback(v.optional(v.picklist(Object.keys(REPORT_PERIODS) as ReportPeriod[])), undefined),
});

export type ReportsSearch = v.InferOutput<typeof ReportsSearchSchema>;

export function parseReportsSearch(search: Record<string, unknown>): ReportsSearch {
  const parsed = v.parse(ReportsSearchSchema, search);
  // Undefined keys would show as empty parameters in the URL.
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}

/** Whether a part of the page shows under the filter. */
export function showsKind(search: ReportsSearch, kind: ReportKind): boolean {
  return search.kind === undefined || search.kind === kind;
}

/** The first day (`YYYY-MM-DD`, on the clinic's calendar) the period reaches back to, or null for all time. */
export function periodStart(search: ReportsSearch, today: string): string | null {
  return search.period ? addDays(today, -REPORT_PERIODS[search.period].days) : null;
}

/** Whether a record of `day` (`YYYY-MM-DD` on the clinic's calendar) is within the period starting at `start`. */
export function withinPeriod(start: string | null, day: string): boolean {
  return start === null || day >= start;
}
