/**
 * Thrive's cardiovascular risk calculator: the general cardiovascular disease
 * 10-year risk points system of D'Agostino et al., "General cardiovascular risk
 * profile for use in primary care: the Framingham Heart Study", Circulation
 * 2008;117:743-753 (spec section 3). Pure: no React, no I/O. Part of the
 * contract because both sides compute it: staff's calculator on the client
 * details page, and the server when staff share a result with the client
 * (POST /assessments, type cardiovascular_risk).
 */

export type Sex = 'male' | 'female' | 'other';

export interface CardiovascularRiskInput {
  sex: Sex;
  /** Years; may be fractional. */
  age: number;
  /** mg/dL */
  hdl_cholesterol: number;
  /** mg/dL */
  total_cholesterol: number;
  smoker: boolean;
  diabetic: boolean;
  treats_hypertension: boolean;
  /** mmHg */
  systolic_bp: number;
}

export type RiskCategory = 'low' | 'intermediate' | 'high';

/** The categories as staff and clients read them. */
export const RISK_CATEGORY_LABELS: Readonly<Record<RiskCategory, string>> = {
  low: 'Low',
  intermediate: 'Intermediate',
  high: 'High',
};

/** The points each factor contributed; they add up to `points`. */
export interface PointsBreakdown {
  age: number;
  hdl_cholesterol: number;
  total_cholesterol: number;
  systolic_bp: number;
  smoker: number;
  diabetic: number;
}

export interface CardiovascularRiskResult {
  points: number;
  /** 10-year risk in percent, from 0.8 to 30 (spec section 9). */
  riskPercentage: number;
  category: RiskCategory;
  /** The model was derived at ages 30-74; outside them the nearest age band was used. */
  outsideValidatedAge: boolean;
  /** The tables used: anything but 'male' uses the women's (spec: "sex (male or other)"). */
  table: 'men' | 'women';
  /** 'below' when the published risk is '<1' (reported as 0.8), 'above' when '>30' (reported as 30). */
  riskBound: 'below' | 'above' | null;
  breakdown: PointsBreakdown;
}

/** The published table's open-ended buckets, as spec section 9 reports them. */
export const RISK_FLOOR_PERCENT = 0.8;
export const RISK_CAP_PERCENT = 30;

/** Ages at which the model was derived; the age bands are half-open, so 74.9 is inside and 75 is not. */
export const VALIDATED_AGE = { from: 30, below: 75 } as const;

/**
 * A band is [lower bound (inclusive), points]; it runs up to the next band's
 * lower bound (exclusive), so '50-59' means 50 <= x < 60 and a non-integer
 * value lands in exactly one band.
 */
type Band = readonly [from: number, points: number];

interface SexTables {
  age: readonly Band[];
  hdl: readonly Band[];
  total: readonly Band[];
  sbpUntreated: readonly Band[];
  sbpTreated: readonly Band[];
  smoker: number;
  diabetic: number;
  /** Point totals at or below this are the '<1' bucket. */
  floorAtOrBelow: number;
  /** Point totals at or above this are the '>30' bucket. */
  capAtOrAbove: number;
  /** [points, 10-year risk %] for every total between the two buckets. */
  risk: readonly (readonly [points: number, percent: number])[];
}

/*
 * The tables of D'Agostino 2008, mg/dL. Every band and percentage was checked
 * against at least two independent sources:
 * - the paper (Circulation 2008;117:743-753), as transcribed with its table
 *   numbers in Synthea's Framingham risk calculator (mitre/synthea,
 *   Framingham.java: points, and Tables 6 and 8 for the risks);
 * - the R package framinghamRisk (BiswarupPramanik/framinghamRisk, point
 *   tables and risk tables as CSV, citing the paper);
 * - two further R implementations of the points model, and the Canadian
 *   Cardiovascular Society's FRS sheet (2017, mmol/L, same bands converted).
 * Where they disagree we follow the mg/dL transcriptions of the paper, which
 * agree with each other; the percentages are also checked against the paper's
 * Cox model (S0 0.88936 men, 0.95012 women): one curve 1 - S0^exp(a + b * points)
 * fitted to each sex's table lies within 0.1 of every entry.
 * - men aged 45-49: 6 points (the CCS sheet and code copied from it say 7);
 * - men, 12 points: 13.2 % (CCS sheet: 13.3; the fitted curve gives 13.22);
 * - women, 17 points: 18.5 % (CCS sheet: 18.51, the unrounded curve value);
 * - women, 20 points: 28.5 % (CCS sheet: 27.5, 1.1 off the curve and out of
 *   step with 24.8 at 19 points);
 * - one R implementation has women 5 points 2.6 % and men 17 points 39.4 %:
 *   typos; every other source and the curve give 2.8 % and 29.4 %.
 * The published age tables end with an open '75+' band, so ages of 75 and
 * over use it (and ages under 30 use '30-34') as the nearest band.
 */
const MEN: SexTables = {
  age: [
    [30, 0],
    [35, 2],
    [40, 5],
    [45, 6],
    [50, 8],
    [55, 10],
    [60, 11],
    [65, 12],
    [70, 14],
    [75, 15],
  ],
  hdl: [
    [-Infinity, 2],
    [35, 1],
    [45, 0],
    [50, -1],
    [60, -2],
  ],
  total: [
    [-Infinity, 0],
    [160, 1],
    [200, 2],
    [240, 3],
    [280, 4],
  ],
  sbpUntreated: [
    [-Infinity, -2],
    [120, 0],
    [130, 1],
    [140, 2],
    [160, 3],
  ],
  sbpTreated: [
    [-Infinity, 0],
    [120, 2],
    [130, 3],
    [140, 4],
    [160, 5],
  ],
  smoker: 4,
  diabetic: 3,
  floorAtOrBelow: -3,
  capAtOrAbove: 18,
  risk: [
    [-2, 1.1],
    [-1, 1.4],
    [0, 1.6],
    [1, 1.9],
    [2, 2.3],
    [3, 2.8],
    [4, 3.3],
    [5, 3.9],
    [6, 4.7],
    [7, 5.6],
    [8, 6.7],
    [9, 7.9],
    [10, 9.4],
    [11, 11.2],
    [12, 13.2],
    [13, 15.6],
    [14, 18.4],
    [15, 21.6],
    [16, 25.3],
    [17, 29.4],
  ],
};

const WOMEN: SexTables = {
  age: [
    [30, 0],
    [35, 2],
    [40, 4],
    [45, 5],
    [50, 7],
    [55, 8],
    [60, 9],
    [65, 10],
    [70, 11],
    [75, 12],
  ],
  hdl: [
    [-Infinity, 2],
    [35, 1],
    [45, 0],
    [50, -1],
    [60, -2],
  ],
  total: [
    [-Infinity, 0],
    [160, 1],
    [200, 3],
    [240, 4],
    [280, 5],
  ],
  // The women's SBP table splits 140-159 into 140-149 and 150-159; the men's does not.
  sbpUntreated: [
    [-Infinity, -3],
    [120, 0],
    [130, 1],
    [140, 2],
    [150, 4],
    [160, 5],
  ],
  sbpTreated: [
    [-Infinity, -1],
    [120, 2],
    [130, 3],
    [140, 5],
    [150, 6],
    [160, 7],
  ],
  smoker: 3,
  diabetic: 4,
  floorAtOrBelow: -2,
  capAtOrAbove: 21,
  risk: [
    [-1, 1.0],
    [0, 1.2],
    [1, 1.5],
    [2, 1.7],
    [3, 2.0],
    [4, 2.4],
    [5, 2.8],
    [6, 3.3],
    [7, 3.9],
    [8, 4.5],
    [9, 5.3],
    [10, 6.3],
    [11, 7.3],
    [12, 8.6],
    [13, 10.0],
    [14, 11.7],
    [15, 13.7],
    [16, 15.9],
    [17, 18.5],
    [18, 21.5],
    [19, 24.8],
    [20, 28.5],
  ],
};

/** The band holding `value`; below the first band, the first band (the nearest one). */
function bandPoints(bands: readonly Band[], value: number): number {
  let points = bands[0]?.[1];
  for (const [from, bandValue] of bands) {
    if (value >= from) points = bandValue;
    else break;
  }
  if (points === undefined) throw new Error('A points table has no bands.');
  return points;
}

function riskFor(tables: SexTables, points: number): Pick<CardiovascularRiskResult, 'riskPercentage' | 'riskBound'> {
  if (points <= tables.floorAtOrBelow) return { riskPercentage: RISK_FLOOR_PERCENT, riskBound: 'below' };
  if (points >= tables.capAtOrAbove) return { riskPercentage: RISK_CAP_PERCENT, riskBound: 'above' };
  const row = tables.risk.find(([rowPoints]) => rowPoints === points);
  if (!row) throw new Error(`The risk table has no row for ${points} points.`);
  return { riskPercentage: row[1], riskBound: null };
}

/**
 * Low below 10 %, intermediate from 10 % to 20 % inclusive, high above 20 %.
 * Exactly 10 % (women, 13 points) is intermediate: it is not below 10. No
 * published percentage is exactly 20, but it would be intermediate too: it is
 * not above 20.
 */
export function riskCategory(riskPercentage: number): RiskCategory {
  if (riskPercentage < 10) return 'low';
  if (riskPercentage <= 20) return 'intermediate';
  return 'high';
}

export function isOutsideValidatedAge(age: number): boolean {
  return age < VALIDATED_AGE.from || age >= VALIDATED_AGE.below;
}

/**
 * Points and 10-year risk for valid input (see `RiskInputSchema` in
 * ./schemas for the ranges). Throws on a number that is not finite, which only
 * a caller that skipped validation can pass.
 */
export function calculateCardiovascularRisk(input: CardiovascularRiskInput): CardiovascularRiskResult {
  for (const key of ['age', 'hdl_cholesterol', 'total_cholesterol', 'systolic_bp'] as const) {
    if (!Number.isFinite(input[key])) throw new RangeError(`${key} must be a finite number.`);
  }
  const isMen = input.sex === 'male';
  const tables = isMen ? MEN : WOMEN;
  const breakdown: PointsBreakdown = {
    age: bandPoints(tables.age, input.age),
    hdl_cholesterol: bandPoints(tables.hdl, input.hdl_cholesterol),
    total_cholesterol: bandPoints(tables.total, input.total_cholesterol),
    systolic_bp: bandPoints(input.treats_hypertension ? tables.sbpTreated : tables.sbpUntreated, input.systolic_bp),
    smoker: input.smoker ? tables.smoker : 0,
    diabetic: input.diabetic ? tables.diabetic : 0,
  };
  const points =
    breakdown.age +
    breakdown.hdl_cholesterol +
    breakdown.total_cholesterol +
    breakdown.systolic_bp +
    breakdown.smoker +
    breakdown.diabetic;
  const risk = riskFor(tables, points);
  return {
    points,
    ...risk,
    category: riskCategory(risk.riskPercentage),
    outsideValidatedAge: isOutsideValidatedAge(input.age),
    table: isMen ? 'men' : 'women',
    breakdown,
  };
}
