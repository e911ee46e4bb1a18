import { schemaResolver } from '@mantine/form';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { calculateCardiovascularRisk, riskCategory, type CardiovascularRiskInput } from '@contract';
import { riskInputFromProfile } from './prefill';
import { HDL_ABOVE_TOTAL_MESSAGE, RiskDraftSchema, RiskInputSchema, type RiskDraft } from './schemas';

/*
 * Every expected value below is typed in from the published tables of
 * D'Agostino et al., Circulation 2008;117:743-753 (mg/dL), not read from the
 * module, so a wrong band or percentage in the module fails here.
 *
 * The baseline scores 0 points for both sexes: age 30-34, HDL 45-49,
 * total cholesterol < 160, untreated SBP 120-129, no smoking, no diabetes.
 * 0 points is 1.6 % for men and 1.2 % for women.
 */
const BASE = {
  age: 30,
  hdl_cholesterol: 47,
  total_cholesterol: 150,
  systolic_bp: 125,
  smoker: false,
  diabetic: false,
  treats_hypertension: false,
} as const;

function man(overrides: Partial<CardiovascularRiskInput> = {}): CardiovascularRiskInput {
  return { sex: 'male', ...BASE, ...overrides };
}

function woman(overrides: Partial<CardiovascularRiskInput> = {}): CardiovascularRiskInput {
  return { sex: 'female', ...BASE, ...overrides };
}

// Published points -> 10-year risk (%), one row per total between the open buckets.
const MEN_RISK: Record<number, number> = {
  [-2]: 1.1,
  [-1]: 1.4,
  0: 1.6,
  1: 1.9,
  2: 2.3,
  3: 2.8,
  4: 3.3,
  5: 3.9,
  6: 4.7,
  7: 5.6,
  8: 6.7,
  9: 7.9,
  10: 9.4,
  11: 11.2,
  12: 13.2,
  13: 15.6,
  14: 18.4,
  15: 21.6,
  16: 25.3,
  17: 29.4,
};

const WOMEN_RISK: Record<number, number> = {
  [-1]: 1.0,
  0: 1.2,
  1: 1.5,
  2: 1.7,
  3: 2.0,
  4: 2.4,
  5: 2.8,
  6: 3.3,
  7: 3.9,
  8: 4.5,
  9: 5.3,
  10: 6.3,
  11: 7.3,
  12: 8.6,
  13: 10.0,
  14: 11.7,
  15: 13.7,
  16: 15.9,
  17: 18.5,
  18: 21.5,
  19: 24.8,
  20: 28.5,
};

type Case = [value: number, points: number, risk: number];

describe('age bands (half-open: 35 is in 35-39, 34.9 is not)', () => {
  const men: Case[] = [
    [30, 0, 1.6],
    [34.9, 0, 1.6],
    [35, 2, 2.3],
    [39.9, 2, 2.3],
    [40, 5, 3.9],
    [44.9, 5, 3.9],
    [45, 6, 4.7],
    [49.9, 6, 4.7],
    [50, 8, 6.7],
    [54.9, 8, 6.7],
    [55, 10, 9.4],
    [59.9, 10, 9.4],
    [60, 11, 11.2],
    [64.9, 11, 11.2],
    [65, 12, 13.2],
    [69.9, 12, 13.2],
    [70, 14, 18.4],
    [74.9, 14, 18.4],
  ];
  it.each(men)('man aged %s: %s points, %s percent', (age, points, risk) => {
    const result = calculateCardiovascularRisk(man({ age }));
    expect(result.breakdown.age).toBe(points);
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(risk);
    expect(result.outsideValidatedAge).toBe(false);
  });

  const women: Case[] = [
    [30, 0, 1.2],
    [34.9, 0, 1.2],
    [35, 2, 1.7],
    [39.9, 2, 1.7],
    [40, 4, 2.4],
    [44.9, 4, 2.4],
    [45, 5, 2.8],
    [49.9, 5, 2.8],
    [50, 7, 3.9],
    [54.9, 7, 3.9],
    [55, 8, 4.5],
    [59.9, 8, 4.5],
    [60, 9, 5.3],
    [64.9, 9, 5.3],
    [65, 10, 6.3],
    [69.9, 10, 6.3],
    [70, 11, 7.3],
    [74.9, 11, 7.3],
  ];
  it.each(women)('woman aged %s: %s points, %s percent', (age, points, risk) => {
    const result = calculateCardiovascularRisk(woman({ age }));
    expect(result.breakdown.age).toBe(points);
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(risk);
    expect(result.outsideValidatedAge).toBe(false);
  });
});

describe('ages outside 30-74 use the nearest band and are flagged', () => {
  const men: Case[] = [
    [20, 0, 1.6],
    [29.9, 0, 1.6],
    [75, 15, 21.6],
    [100, 15, 21.6],
  ];
  it.each(men)('man aged %s: %s points, %s percent, flagged', (age, points, risk) => {
    const result = calculateCardiovascularRisk(man({ age }));
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(risk);
    expect(result.outsideValidatedAge).toBe(true);
  });

  const women: Case[] = [
    [20, 0, 1.2],
    [29.9, 0, 1.2],
    [75, 12, 8.6],
    [100, 12, 8.6],
  ];
  it.each(women)('woman aged %s: %s points, %s percent, flagged', (age, points, risk) => {
    const result = calculateCardiovascularRisk(woman({ age }));
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(risk);
    expect(result.outsideValidatedAge).toBe(true);
  });
});

describe('HDL cholesterol bands (mg/dL)', () => {
  // Same points for both sexes; the risks differ.
  const bands: [hdl: number, points: number, men: number, women: number][] = [
    [10, 2, 2.3, 1.7],
    [34.9, 2, 2.3, 1.7],
    [35, 1, 1.9, 1.5],
    [44.9, 1, 1.9, 1.5],
    [45, 0, 1.6, 1.2],
    [49.9, 0, 1.6, 1.2],
    [50, -1, 1.4, 1.0],
    [59.9, -1, 1.4, 1.0],
    [60, -2, 1.1, 0.8], // women: -2 points is the '<1' bucket
    [150, -2, 1.1, 0.8],
  ];
  it.each(bands)('HDL %s: %s points; men %s percent, women %s percent', (hdl, points, menRisk, womenRisk) => {
    const m = calculateCardiovascularRisk(man({ hdl_cholesterol: hdl }));
    const w = calculateCardiovascularRisk(woman({ hdl_cholesterol: hdl }));
    expect(m.breakdown.hdl_cholesterol).toBe(points);
    expect(w.breakdown.hdl_cholesterol).toBe(points);
    expect(m.riskPercentage).toBe(menRisk);
    expect(w.riskPercentage).toBe(womenRisk);
  });
});

describe('total cholesterol bands (mg/dL)', () => {
  const men: Case[] = [
    [80, 0, 1.6],
    [159.9, 0, 1.6],
    [160, 1, 1.9],
    [199.9, 1, 1.9],
    [200, 2, 2.3],
    [239.9, 2, 2.3],
    [240, 3, 2.8],
    [279.9, 3, 2.8],
    [280, 4, 3.3],
    [500, 4, 3.3],
  ];
  it.each(men)('man, total %s: %s points, %s percent', (total, points, risk) => {
    const result = calculateCardiovascularRisk(man({ total_cholesterol: total }));
    expect(result.breakdown.total_cholesterol).toBe(points);
    expect(result.riskPercentage).toBe(risk);
  });

  const women: Case[] = [
    [80, 0, 1.2],
    [159.9, 0, 1.2],
    [160, 1, 1.5],
    [199.9, 1, 1.5],
    [200, 3, 2.0],
    [239.9, 3, 2.0],
    [240, 4, 2.4],
    [279.9, 4, 2.4],
    [280, 5, 2.8],
    [500, 5, 2.8],
  ];
  it.each(women)('woman, total %s: %s points, %s percent', (total, points, risk) => {
    const result = calculateCardiovascularRisk(woman({ total_cholesterol: total }));
    expect(result.breakdown.total_cholesterol).toBe(points);
    expect(result.riskPercentage).toBe(risk);
  });
});

describe('systolic blood pressure bands (mmHg)', () => {
  const menUntreated: Case[] = [
    [70, -2, 1.1],
    [119.9, -2, 1.1],
    [120, 0, 1.6],
    [129.9, 0, 1.6],
    [130, 1, 1.9],
    [139.9, 1, 1.9],
    [140, 2, 2.3],
    [149.9, 2, 2.3],
    [150, 2, 2.3],
    [159.9, 2, 2.3],
    [160, 3, 2.8],
    [260, 3, 2.8],
  ];
  it.each(menUntreated)('man, untreated SBP %s: %s points, %s percent', (sbp, points, risk) => {
    const result = calculateCardiovascularRisk(man({ systolic_bp: sbp, treats_hypertension: false }));
    expect(result.breakdown.systolic_bp).toBe(points);
    expect(result.riskPercentage).toBe(risk);
  });

  const menTreated: Case[] = [
    [70, 0, 1.6],
    [119.9, 0, 1.6],
    [120, 2, 2.3],
    [129.9, 2, 2.3],
    [130, 3, 2.8],
    [139.9, 3, 2.8],
    [140, 4, 3.3],
    [149.9, 4, 3.3],
    [150, 4, 3.3],
    [159.9, 4, 3.3],
    [160, 5, 3.9],
    [260, 5, 3.9],
  ];
  it.each(menTreated)('man, treated SBP %s: %s points, %s percent', (sbp, points, risk) => {
    const result = calculateCardiovascularRisk(man({ systolic_bp: sbp, treats_hypertension: true }));
    expect(result.breakdown.systolic_bp).toBe(points);
    expect(result.riskPercentage).toBe(risk);
  });

  const womenUntreated: Case[] = [
    [70, -3, 0.8], // -3 points is the '<1' bucket
    [119.9, -3, 0.8],
    [120, 0, 1.2],
    [129.9, 0, 1.2],
    [130, 1, 1.5],
    [139.9, 1, 1.5],
    [140, 2, 1.7],
    [149.9, 2, 1.7],
    [150, 4, 2.4],
    [159.9, 4, 2.4],
    [160, 5, 2.8],
    [260, 5, 2.8],
  ];
  it.each(womenUntreated)('woman, untreated SBP %s: %s points, %s percent', (sbp, points, risk) => {
    const result = calculateCardiovascularRisk(woman({ systolic_bp: sbp, treats_hypertension: false }));
    expect(result.breakdown.systolic_bp).toBe(points);
    expect(result.riskPercentage).toBe(risk);
  });

  const womenTreated: Case[] = [
    [70, -1, 1.0],
    [119.9, -1, 1.0],
    [120, 2, 1.7],
    [129.9, 2, 1.7],
    [130, 3, 2.0],
    [139.9, 3, 2.0],
    [140, 5, 2.8],
    [149.9, 5, 2.8],
    [150, 6, 3.3],
    [159.9, 6, 3.3],
    [160, 7, 3.9],
    [260, 7, 3.9],
  ];
  it.each(womenTreated)('woman, treated SBP %s: %s points, %s percent', (sbp, points, risk) => {
    const result = calculateCardiovascularRisk(woman({ systolic_bp: sbp, treats_hypertension: true }));
    expect(result.breakdown.systolic_bp).toBe(points);
    expect(result.riskPercentage).toBe(risk);
  });
});

describe('smoker and diabetic', () => {
  it('a man scores 4 for smoking and 3 for diabetes', () => {
    expect(calculateCardiovascularRisk(man({ smoker: true }))).toMatchObject({
      points: 4,
      riskPercentage: 3.3,
      breakdown: { smoker: 4, diabetic: 0 },
    });
    expect(calculateCardiovascularRisk(man({ diabetic: true }))).toMatchObject({
      points: 3,
      riskPercentage: 2.8,
      breakdown: { smoker: 0, diabetic: 3 },
    });
  });

  it('a woman scores 3 for smoking and 4 for diabetes', () => {
    expect(calculateCardiovascularRisk(woman({ smoker: true }))).toMatchObject({
      points: 3,
      riskPercentage: 2.0,
      breakdown: { smoker: 3, diabetic: 0 },
    });
    expect(calculateCardiovascularRisk(woman({ diabetic: true }))).toMatchObject({
      points: 4,
      riskPercentage: 2.4,
      breakdown: { smoker: 0, diabetic: 4 },
    });
  });
});

/*
 * Inputs for every point total, built from the published points per factor
 * (typed in here, as above), so that each row of the points -> risk tables is
 * reached through the calculator.
 */
interface Options {
  age: [number, number][];
  hdl: [number, number][];
  total: [number, number][];
  sbpUntreated: [number, number][];
  smoker: number;
  diabetic: number;
}

const MEN_OPTIONS: Options = {
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
  ],
  hdl: [
    [60, -2],
    [55, -1],
    [47, 0],
    [40, 1],
    [30, 2],
  ],
  total: [
    [150, 0],
    [180, 1],
    [220, 2],
    [260, 3],
    [300, 4],
  ],
  sbpUntreated: [
    [110, -2],
    [125, 0],
    [135, 1],
    [150, 2],
    [170, 3],
  ],
  smoker: 4,
  diabetic: 3,
};

const WOMEN_OPTIONS: Options = {
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
  ],
  hdl: [
    [60, -2],
    [55, -1],
    [47, 0],
    [40, 1],
    [30, 2],
  ],
  total: [
    [150, 0],
    [180, 1],
    [220, 3],
    [260, 4],
    [300, 5],
  ],
  sbpUntreated: [
    [110, -3],
    [125, 0],
    [135, 1],
    [145, 2],
    [155, 4],
    [170, 5],
  ],
  smoker: 3,
  diabetic: 4,
};

function inputWithTotal(sex: 'male' | 'female', options: Options, target: number): CardiovascularRiskInput {
  for (const [age, a] of options.age)
    for (const [hdl, h] of options.hdl)
      for (const [total, t] of options.total)
        for (const [sbp, s] of options.sbpUntreated)
          for (const smoker of [false, true])
            for (const diabetic of [false, true]) {
              const sum = a + h + t + s + (smoker ? options.smoker : 0) + (diabetic ? options.diabetic : 0);
              if (sum === target)
                return {
                  sex,
                  age,
                  hdl_cholesterol: hdl,
                  total_cholesterol: total,
                  systolic_bp: sbp,
                  smoker,
                  diabetic,
                  treats_hypertension: false,
                };
            }
  throw new Error(`No combination of published points adds up to ${target}.`);
}

describe("men's points -> risk table", () => {
  const rows = Object.entries(MEN_RISK).map(([points, risk]) => [Number(points), risk] as const);
  it.each(rows)('%s points: %s percent', (points, risk) => {
    const result = calculateCardiovascularRisk(inputWithTotal('male', MEN_OPTIONS, points));
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(risk);
    expect(result.riskBound).toBeNull();
  });

  it.each([-4, -3])("%s points is the '<1' bucket, reported as 0.8 percent", (points) => {
    const result = calculateCardiovascularRisk(inputWithTotal('male', MEN_OPTIONS, points));
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(0.8);
    expect(result.riskBound).toBe('below');
  });

  it.each([18, 19, 25, 30])("%s points is the '>30' bucket, reported as 30 percent", (points) => {
    const result = calculateCardiovascularRisk(inputWithTotal('male', MEN_OPTIONS, points));
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(30);
    expect(result.riskBound).toBe('above');
  });

  it('the highest possible total (33) is capped at 30 %', () => {
    const result = calculateCardiovascularRisk({
      sex: 'male',
      age: 80,
      hdl_cholesterol: 30,
      total_cholesterol: 300,
      systolic_bp: 180,
      treats_hypertension: true,
      smoker: true,
      diabetic: true,
    });
    expect(result.points).toBe(15 + 2 + 4 + 5 + 4 + 3);
    expect(result.riskPercentage).toBe(30);
  });
});

describe("women's points -> risk table", () => {
  const rows = Object.entries(WOMEN_RISK).map(([points, risk]) => [Number(points), risk] as const);
  it.each(rows)('%s points: %s percent', (points, risk) => {
    const result = calculateCardiovascularRisk(inputWithTotal('female', WOMEN_OPTIONS, points));
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(risk);
    expect(result.riskBound).toBeNull();
  });

  it.each([-5, -3, -2])("%s points is the '<1' bucket, reported as 0.8 percent", (points) => {
    const result = calculateCardiovascularRisk(inputWithTotal('female', WOMEN_OPTIONS, points));
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(0.8);
    expect(result.riskBound).toBe('below');
  });

  it.each([21, 22, 28])("%s points is the '>30' bucket, reported as 30 percent", (points) => {
    const result = calculateCardiovascularRisk(inputWithTotal('female', WOMEN_OPTIONS, points));
    expect(result.points).toBe(points);
    expect(result.riskPercentage).toBe(30);
    expect(result.riskBound).toBe('above');
  });
});

describe("'other' uses the women's tables", () => {
  it('scores an other-sex client like a woman, not a man', () => {
    const input = { ...BASE, age: 50, total_cholesterol: 210, smoker: true };
    const other = calculateCardiovascularRisk({ sex: 'other', ...input });
    // Women: age 50-54 is 7, total 200-239 is 3, smoking is 3: 13 points, 10.0 %.
    expect(other).toMatchObject({ points: 13, riskPercentage: 10.0, table: 'women' });
    expect(calculateCardiovascularRisk({ sex: 'female', ...input })).toMatchObject({ points: 13, riskPercentage: 10 });
    // Men: 8 + 2 + 4 = 14 points, 18.4 %.
    expect(calculateCardiovascularRisk({ sex: 'male', ...input })).toMatchObject({
      points: 14,
      riskPercentage: 18.4,
      table: 'men',
    });
  });
});

describe('worked examples', () => {
  it('a 55-year-old man, total 213, HDL 50, SBP 140 untreated, no smoking or diabetes', () => {
    // Age 10, HDL -1, total 2, SBP 2: 13 points, 15.6 %.
    expect(
      calculateCardiovascularRisk(man({ age: 55, total_cholesterol: 213, hdl_cholesterol: 50, systolic_bp: 140 })),
    ).toMatchObject({ points: 13, riskPercentage: 15.6, category: 'intermediate', outsideValidatedAge: false });
  });

  it('a 61-year-old woman, total 180, HDL 47, SBP 124 treated, smoker', () => {
    // Age 9, HDL 0, total 1, treated SBP 2, smoker 3: 15 points, 13.7 %.
    expect(
      calculateCardiovascularRisk(
        woman({
          age: 61,
          total_cholesterol: 180,
          hdl_cholesterol: 47,
          systolic_bp: 124,
          treats_hypertension: true,
          smoker: true,
        }),
      ),
    ).toMatchObject({ points: 15, riskPercentage: 13.7, category: 'intermediate' });
  });

  it('a 68-year-old diabetic male smoker with treated SBP 165 and HDL 32 is high risk', () => {
    // Age 12, HDL 2, total 240-279 3, treated SBP 5, smoker 4, diabetic 3: 29 points, over 30 %.
    expect(
      calculateCardiovascularRisk(
        man({
          age: 68,
          hdl_cholesterol: 32,
          total_cholesterol: 250,
          systolic_bp: 165,
          treats_hypertension: true,
          smoker: true,
          diabetic: true,
        }),
      ),
    ).toMatchObject({ points: 29, riskPercentage: 30, riskBound: 'above', category: 'high' });
  });
});

describe('category', () => {
  it.each([
    [0.8, 'low'],
    [9.4, 'low'],
    [9.99, 'low'],
    [10, 'intermediate'], // exactly 10 is not below 10
    [11.2, 'intermediate'],
    [18.5, 'intermediate'],
    [20, 'intermediate'], // exactly 20 is not above 20
    [20.01, 'high'],
    [21.5, 'high'],
    [30, 'high'],
  ] as const)('%s percent is %s', (risk, category) => {
    expect(riskCategory(risk)).toBe(category);
  });

  it('follows the published percentages across the boundaries', () => {
    expect(calculateCardiovascularRisk(inputWithTotal('male', MEN_OPTIONS, 10)).category).toBe('low'); // 9.4
    expect(calculateCardiovascularRisk(inputWithTotal('male', MEN_OPTIONS, 11)).category).toBe('intermediate'); // 11.2
    expect(calculateCardiovascularRisk(inputWithTotal('male', MEN_OPTIONS, 14)).category).toBe('intermediate'); // 18.4
    expect(calculateCardiovascularRisk(inputWithTotal('male', MEN_OPTIONS, 15)).category).toBe('high'); // 21.6
    expect(calculateCardiovascularRisk(inputWithTotal('female', WOMEN_OPTIONS, 12)).category).toBe('low'); // 8.6
    expect(calculateCardiovascularRisk(inputWithTotal('female', WOMEN_OPTIONS, 13)).category).toBe('intermediate'); // 10.0
    expect(calculateCardiovascularRisk(inputWithTotal('female', WOMEN_OPTIONS, 17)).category).toBe('intermediate'); // 18.5
    expect(calculateCardiovascularRisk(inputWithTotal('female', WOMEN_OPTIONS, 18)).category).toBe('high'); // 21.5
  });
});

describe('calculateCardiovascularRisk guards', () => {
  it('refuses a number that is not finite', () => {
    expect(() => calculateCardiovascularRisk(man({ age: Number.NaN }))).toThrow(RangeError);
    expect(() => calculateCardiovascularRisk(man({ systolic_bp: Infinity }))).toThrow(RangeError);
  });
});

describe('RiskInputSchema', () => {
  const valid = {
    sex: 'female',
    age: 52,
    hdl_cholesterol: 55,
    total_cholesterol: 210,
    systolic_bp: 132,
    smoker: false,
    diabetic: true,
    treats_hypertension: true,
  };
  /** The first message per field, as the panel shows them. */
  const errorsOf = schemaResolver(RiskInputSchema, { sync: true });

  it('passes a valid input through', () => {
    expect(v.parse(RiskInputSchema, valid)).toEqual(valid);
  });

  it('accepts the ends of every range', () => {
    for (const edges of [
      { age: 20, hdl_cholesterol: 10, total_cholesterol: 80, systolic_bp: 70 },
      { age: 100, hdl_cholesterol: 150, total_cholesterol: 500, systolic_bp: 260 },
    ]) {
      expect(errorsOf({ ...valid, ...edges })).toEqual({});
    }
  });

  it('treats null and empty strings as missing', () => {
    expect(errorsOf({ ...valid, age: null, sex: '' })).toEqual({ age: 'Enter the age', sex: 'Choose the sex' });
  });

  it.each([
    ['age', 19.9, 'Age must be between 20 and 100 years'],
    ['age', 100.1, 'Age must be between 20 and 100 years'],
    ['hdl_cholesterol', 9.9, 'HDL cholesterol must be between 10 and 150 mg/dL'],
    ['hdl_cholesterol', 1.3, 'HDL cholesterol must be between 10 and 150 mg/dL'],
    ['total_cholesterol', 79.9, 'Total cholesterol must be between 80 and 500 mg/dL'],
    ['total_cholesterol', 500.1, 'Total cholesterol must be between 80 and 500 mg/dL'],
    ['systolic_bp', 69.9, 'Systolic blood pressure must be between 70 and 260 mmHg'],
    ['systolic_bp', 260.1, 'Systolic blood pressure must be between 70 and 260 mmHg'],
    ['age', Infinity, 'Age must be between 20 and 100 years'],
    ['age', Number.NaN, 'Age must be a number'],
    ['systolic_bp', '120', 'Systolic blood pressure must be a number'],
    ['sex', 'M', 'Sex must be male, female or other'],
    ['smoker', 'yes', 'Choose whether the client smokes'],
  ] as const)('%s = %s: "%s"', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('refuses HDL above total cholesterol, under the HDL field', () => {
    expect(errorsOf({ ...valid, hdl_cholesterol: 120, total_cholesterol: 110 })).toEqual({
      hdl_cholesterol: HDL_ABOVE_TOTAL_MESSAGE,
    });
    expect(HDL_ABOVE_TOTAL_MESSAGE).toBe('HDL cholesterol cannot be higher than total cholesterol');
  });

  it('checks HDL against total cholesterol even when another field is wrong', () => {
    expect(errorsOf({ ...valid, age: undefined, hdl_cholesterol: 120, total_cholesterol: 110 })).toEqual({
      age: 'Enter the age',
      hdl_cholesterol: HDL_ABOVE_TOTAL_MESSAGE,
    });
  });
});

describe('RiskDraftSchema (what the panel holds)', () => {
  const empty: RiskDraft = {
    sex: '',
    age: '',
    hdl_cholesterol: '',
    total_cholesterol: '',
    systolic_bp: '',
    treats_hypertension: '',
    smoker: '',
    diabetic: '',
  };

  it('names every field still to fill in', () => {
    expect(schemaResolver(RiskDraftSchema, { sync: true })(empty)).toEqual({
      sex: 'Choose the sex',
      age: 'Enter the age',
      hdl_cholesterol: 'Enter the HDL cholesterol',
      total_cholesterol: 'Enter the total cholesterol',
      systolic_bp: 'Enter the systolic blood pressure',
      treats_hypertension: 'Choose whether the client is treated for high blood pressure',
      smoker: 'Choose whether the client smokes',
      diabetic: 'Choose whether the client is diabetic',
    });
  });

  it('reads numbers (also half typed, as text) and yes/no as the calculator’s input', () => {
    expect(
      v.parse(RiskDraftSchema, {
        sex: 'male',
        age: 55,
        hdl_cholesterol: '50',
        total_cholesterol: 213,
        systolic_bp: 140,
        treats_hypertension: 'no',
        smoker: 'yes',
        diabetic: 'no',
      }),
    ).toEqual({
      sex: 'male',
      age: 55,
      hdl_cholesterol: 50,
      total_cholesterol: 213,
      systolic_bp: 140,
      treats_hypertension: false,
      smoker: true,
      diabetic: false,
    });
  });
});

describe('riskInputFromProfile', () => {
  it('takes the sex from the gender and keeps the age', () => {
    expect(riskInputFromProfile({ gender: 'M', ageYears: 47 })).toEqual({ sex: 'male', age: 47 });
    expect(riskInputFromProfile({ gender: 'F', ageYears: 62 })).toEqual({ sex: 'female', age: 62 });
  });

  it('leaves an unspecified gender and an unknown age for staff', () => {
    expect(riskInputFromProfile({ gender: null, ageYears: null })).toEqual({});
    expect(riskInputFromProfile({ gender: undefined, ageYears: undefined })).toEqual({});
  });
});
