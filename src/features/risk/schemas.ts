import * as v from 'valibot';
import type { CardiovascularRiskInput, Sex } from '@contract';

/**
 * Plausible ranges for the calculator's inputs. They are wider than the
 * model's bands on purpose: they catch slips, not unusual clients.
 * - Age 20-100 years: Thrive's adult clients. The model was derived at 30-74
 *   and is extrapolated (and flagged) outside; further out it says nothing.
 * - HDL 10-150 and total cholesterol 80-500 mg/dL: the lower bounds catch a
 *   value typed in mmol/L (HDL 1.3, total 5.2), the upper ones an extra digit;
 *   values beyond them are rare disorders the model was not built for.
 * - Systolic 70-260 mmHg: below is shock, above is beyond what a cuff reading
 *   in clinic plausibly gives.
 * - HDL is part of total cholesterol, so it cannot be the higher of the two.
 */
export const RISK_INPUT_RANGES = {
  age: { min: 20, max: 100, unit: 'years' },
  hdl_cholesterol: { min: 10, max: 150, unit: 'mg/dL' },
  total_cholesterol: { min: 80, max: 500, unit: 'mg/dL' },
  systolic_bp: { min: 70, max: 260, unit: 'mmHg' },
} as const;

export type NumericRiskField = keyof typeof RISK_INPUT_RANGES;
export type RiskField = keyof CardiovascularRiskInput;

/** What each field is called in its messages. */
const NUMBER_NAMES: Record<NumericRiskField, { label: string; missing: string }> = {
  age: { label: 'Age', missing: 'Enter the age' },
  hdl_cholesterol: { label: 'HDL cholesterol', missing: 'Enter the HDL cholesterol' },
  total_cholesterol: { label: 'Total cholesterol', missing: 'Enter the total cholesterol' },
  systolic_bp: { label: 'Systolic blood pressure', missing: 'Enter the systolic blood pressure' },
};

const YES_NO_MISSING = {
  smoker: 'Choose whether the client smokes',
  diabetic: 'Choose whether the client is diabetic',
  treats_hypertension: 'Choose whether the client is treated for high blood pressure',
} as const;

function isMissing(input: unknown): boolean {
  return input === undefined || input === null || input === '';
}

function numberField(field: NumericRiskField) {
  const { min, max, unit } = RISK_INPUT_RANGES[field];
  const { label, missing } = NUMBER_NAMES[field];
  const outOfRange = `${label} must be between ${min} and ${max} ${unit}`;
  return v.pipe(
    v.number((issue) => (isMissing(issue.input) ? missing : `${label} must be a number`)),
    v.minValue(min, outOfRange),
    v.maxValue(max, outOfRange),
  );
}

function yesNoField(field: keyof typeof YES_NO_MISSING) {
  return v.boolean(YES_NO_MISSING[field]);
}

export const HDL_ABOVE_TOTAL_MESSAGE = 'HDL cholesterol cannot be higher than total cholesterol';

export const RiskInputSchema = v.pipe(
  v.object({
    sex: v.picklist(['male', 'female', 'other'], (issue) =>
      isMissing(issue.input) ? 'Choose the sex' : 'Sex must be male, female or other',
    ),
    age: numberField('age'),
    hdl_cholesterol: numberField('hdl_cholesterol'),
    total_cholesterol: numberField('total_cholesterol'),
    systolic_bp: numberField('systolic_bp'),
    smoker: yesNoField('smoker'),
    diabetic: yesNoField('diabetic'),
    treats_hypertension: yesNoField('treats_hypertension'),
  }),
  v.forward(
    v.partialCheck(
      [['hdl_cholesterol'], ['total_cholesterol']],
      (input) => input.hdl_cholesterol <= input.total_cholesterol,
      HDL_ABOVE_TOTAL_MESSAGE,
    ),
    ['hdl_cholesterol'],
  ),
);

/** Every input field, in the order the panel shows them. */
export const RISK_FIELDS: readonly RiskField[] = [
  'sex',
  'age',
  'hdl_cholesterol',
  'total_cholesterol',
  'systolic_bp',
  'treats_hypertension',
  'smoker',
  'diabetic',
];

export type YesNo = 'yes' | 'no';

/**
 * What the panel holds while staff fill it in: numbers as the number inputs
 * hand them over (a string while half typed, '' when empty), yes/no and the
 * sex as chosen ('' until chosen).
 */
export type RiskDraft = {
  sex: Sex | '';
  age: number | string;
  hdl_cholesterol: number | string;
  total_cholesterol: number | string;
  systolic_bp: number | string;
  treats_hypertension: YesNo | '';
  smoker: YesNo | '';
  diabetic: YesNo | '';
};

function numberOrMissing(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return undefined;
  return Number(value);
}

function yesNoOrMissing(value: YesNo | ''): boolean | undefined {
  return value === '' ? undefined : value === 'yes';
}

const DraftNumber = v.union([v.number(), v.string()]);
const DraftYesNo = v.picklist(['', 'yes', 'no']);

/**
 * The panel's checks: the draft read as the calculator's input (every field
 * present, a missing one undefined, so each gets its own "Enter the ..."
 * message), then RiskInputSchema. Its output is the calculator's input.
 */
export const RiskDraftSchema = v.pipe(
  v.object({
    sex: v.picklist(['', 'male', 'female', 'other']),
    age: DraftNumber,
    hdl_cholesterol: DraftNumber,
    total_cholesterol: DraftNumber,
    systolic_bp: DraftNumber,
    treats_hypertension: DraftYesNo,
    smoker: DraftYesNo,
    diabetic: DraftYesNo,
  }),
  v.transform((draft) => ({
    sex: draft.sex === '' ? undefined : draft.sex,
    age: numberOrMissing(draft.age),
    hdl_cholesterol: numberOrMissing(draft.hdl_cholesterol),
    total_cholesterol: numberOrMissing(draft.total_cholesterol),
    systolic_bp: numberOrMissing(draft.systolic_bp),
    treats_hypertension: yesNoOrMissing(draft.treats_hypertension),
    smoker: yesNoOrMissing(draft.smoker),
    diabetic: yesNoOrMissing(draft.diabetic),
  })),
  RiskInputSchema,
);
