/**
 * Therapy visits (PRODUCT.md section 4), each field described once: what it
 * is called, its unit, the range a measurement may take, how it is entered,
 * and whether signing needs it. The server checks every draft and every
 * sign-off with the functions below (400 or 422 naming the field); the visit
 * forms are derived from the same tables and show the same messages at the
 * field before anything is sent.
 *
 * Ranges are the plausible span of a reading at a therapy bay, wide enough for
 * any real client and narrow enough to catch a slipped digit (a systolic of
 * 1200, a temperature typed in Fahrenheit).
 */
import type {
  AdverseReaction,
  FirFields,
  HbotFields,
  IvFields,
  LifestyleHistory,
  PemfFields,
  RedLightFields,
  Role,
  VisitDerived,
  VisitDraft,
  VisitTherapy,
} from './schema.gen.ts';

export const VISIT_THERAPIES: readonly VisitTherapy[] = ['iv', 'hbot', 'pet', 'red_light', 'fir'];

/** How each therapy is named on screen, and what its session is. */
export const THERAPY_INFO: Readonly<
  Record<VisitTherapy, { name: string; title: string; inSentence: string; about: string }>
> = {
  iv: {
    name: 'IV therapy',
    title: 'IV therapy visit',
    inSentence: 'IV therapy',
    about: 'An intravenous infusion at an IV chair.',
  },
  hbot: {
    name: 'HBOT',
    title: 'HBOT visit',
    inSentence: 'hyperbaric oxygen therapy',
    about: 'Hyperbaric oxygen therapy: breathing oxygen in a pressurised chamber.',
  },
  pet: {
    name: 'PEMF',
    title: 'PEMF visit',
    inSentence: 'PEMF therapy',
    about: 'PET is read here as pulsed electromagnetic field therapy (PEMF): a magnetic field applied to the body.',
  },
  red_light: {
    name: 'Red light therapy',
    title: 'Red light therapy visit',
    inSentence: 'red light therapy',
    about: 'Photobiomodulation: red and near-infrared light on the skin.',
  },
  fir: {
    name: 'FIR sauna',
    title: 'FIR sauna visit',
    inSentence: 'the FIR sauna',
    about: 'A far-infrared sauna session.',
  },
};

/* ---------------------------------------------------------------- field kinds */

export interface ScreenQuestion {
  key: string;
  label: string;
}

interface BaseSpec {
  label: string;
  /** Signing needs a value. */
  requiredToSign?: true;
  /** A short hint under the input. */
  hint?: string;
}

export interface NumberSpec extends BaseSpec {
  input: 'number';
  unit?: string;
  min: number;
  max: number;
  /** Decimal places allowed; 0 is a whole number. */
  decimals: 0 | 1 | 2;
}

export interface TextSpec extends BaseSpec {
  input: 'text';
  max: number;
  multiline?: true;
}

export interface Option {
  value: string;
  label: string;
}

export interface ChoiceSpec extends BaseSpec {
  input: 'choice';
  options: readonly Option[];
}

export interface ChoicesSpec extends BaseSpec {
  input: 'choices';
  options: readonly Option[];
}

/** A moment (date and time). */
export interface InstantSpec extends BaseSpec {
  input: 'instant';
}

export interface DateSpec extends BaseSpec {
  input: 'date';
}

export interface YesNoSpec extends BaseSpec {
  input: 'yes-no';
}

/** Questions each answered yes or no (an object of answers by question key). */
export interface ChecklistSpec extends BaseSpec {
  input: 'checklist';
  questions: readonly ScreenQuestion[];
}

export type FieldSpec =
  NumberSpec | TextSpec | ChoiceSpec | ChoicesSpec | InstantSpec | DateSpec | YesNoSpec | ChecklistSpec;

/** A list of entries, each made by someone at some time (and attributed by its id). */
export interface ListSpec<Item> {
  input: 'list';
  label: string;
  /** What one entry is called ('Additive'). */
  itemLabel: string;
  fields: { readonly [K in Exclude<keyof Item, 'id'>]-?: FieldSpec };
  /** Signing needs at least this many entries. */
  minToSign?: number;
  hint?: string;
}

type FieldTable<T> = {
  readonly [K in keyof T]-?: NonNullable<T[K]> extends readonly (infer Item)[]
    ? Item extends { id: string }
      ? ListSpec<Item>
      : FieldSpec
    : FieldSpec;
};

const options = (entries: Readonly<Record<string, string>>): Option[] =>
  Object.entries(entries).map(([value, label]) => ({ value, label }));

/* ---------------------------------------------------------------- the shared frame */

/** @public The visit screens' phase picker (src/features/visits). */
export const VITALS_PHASES = options({ before: 'Before', during: 'During', after: 'After' });

/** The measurements of one vitals entry. */
export const VITALS_FIELDS = {
  systolic: { input: 'number', label: 'Systolic', unit: 'mmHg', min: 50, max: 260, decimals: 0 },
  diastolic: { input: 'number', label: 'Diastolic', unit: 'mmHg', min: 30, max: 160, decimals: 0 },
  heart_rate: { input: 'number', label: 'Heart rate', unit: '/min', min: 25, max: 250, decimals: 0 },
  spo2: { input: 'number', label: 'SpO2', unit: '%', min: 50, max: 100, decimals: 0 },
  temperature: { input: 'number', label: 'Temperature', unit: '°C', min: 30, max: 43, decimals: 1 },
  respiratory_rate: { input: 'number', label: 'Respiratory rate', unit: '/min', min: 4, max: 60, decimals: 0 },
  glucose: { input: 'number', label: 'Glucose', unit: 'mg/dL', min: 20, max: 600, decimals: 0 },
} as const satisfies Readonly<Record<string, NumberSpec>>;

export type VitalsMeasurement = keyof typeof VITALS_FIELDS;
export const VITALS_MEASUREMENTS = Object.keys(VITALS_FIELDS) as VitalsMeasurement[];

export const REACTION_SEVERITIES = options({ mild: 'Mild', moderate: 'Moderate', severe: 'Severe' });

export const REACTION_FIELDS = {
  what: { input: 'text', label: 'What happened', max: 500, requiredToSign: true },
  severity: { input: 'choice', label: 'Severity', options: REACTION_SEVERITIES, requiredToSign: true },
  action: { input: 'text', label: 'Action taken', max: 1000, multiline: true },
  occurred_at: { input: 'instant', label: 'When', requiredToSign: true },
} as const satisfies Readonly<Record<Exclude<keyof AdverseReaction, 'id'>, FieldSpec>>;

/** @public The most characters of a visit's notes (clinic.yaml's VisitDraft), for the visit screens' notes box. */
export const NOTES_MAX = 4000;
/** An override of a positive contraindication says why, in a sentence. */
export const OVERRIDE_REASON_MIN = 10;
/** Who may record an override of a positive contraindication: the clinicians, not the front desk. */
export const OVERRIDE_ROLES: readonly Role[] = ['NURSE', 'DOCTOR', 'SUPER_ADMIN'];

/**
 * The contraindication screen of each therapy: any yes stops the visit unless
 * a nurse or doctor records why it goes ahead.
 */
export const CONTRAINDICATIONS: Readonly<Record<VisitTherapy, readonly ScreenQuestion[]>> = {
  iv: [
    { key: 'pregnant', label: 'Pregnant or breastfeeding' },
    { key: 'allergy', label: 'Allergy to any ingredient of today’s formula' },
    { key: 'fluid_restriction', label: 'Heart failure or kidney disease (on a fluid restriction)' },
    { key: 'g6pd', label: 'G6PD deficiency (high-dose vitamin C)' },
    { key: 'fever', label: 'Fever or an active infection today' },
    { key: 'blood_pressure', label: 'Blood pressure above 180/110 today' },
  ],
  hbot: [
    { key: 'pneumothorax', label: 'Untreated pneumothorax, or one in the past' },
    { key: 'ears_sinuses', label: 'Ear or sinus infection, congestion, or recent ear surgery' },
    { key: 'chemotherapy', label: 'Bleomycin, doxorubicin, cisplatin or disulfiram, now or in the past' },
    { key: 'seizures', label: 'Seizure disorder' },
    { key: 'fever', label: 'Fever today' },
    { key: 'claustrophobia', label: 'Severe claustrophobia' },
    { key: 'pregnant', label: 'Pregnant' },
  ],
  pet: [
    { key: 'pacemaker', label: 'Pacemaker or implanted defibrillator' },
    { key: 'implant', label: 'Other implanted electronic device (cochlear implant, neurostimulator, insulin pump)' },
    { key: 'pregnant', label: 'Pregnant' },
    { key: 'bleeding', label: 'Active bleeding' },
    { key: 'epilepsy', label: 'Epilepsy' },
  ],
  red_light: [
    { key: 'photosensitivity', label: 'Photosensitivity, or a photosensitising medicine' },
    { key: 'cancer_at_site', label: 'Known or suspected cancer at the treatment site' },
    { key: 'light_seizures', label: 'Seizures triggered by light' },
    { key: 'eye_protection', label: 'Cannot wear the eye protection' },
  ],
  fir: [
    { key: 'pregnant', label: 'Pregnant' },
    { key: 'heart', label: 'Unstable heart disease, or a heart attack in the last 6 weeks' },
    { key: 'heat', label: 'Heat intolerance, or heat stroke in the past' },
    { key: 'fever', label: 'Fever or acute illness today' },
    { key: 'alcohol', label: 'Alcohol in the last 12 hours' },
  ],
};

/* ---------------------------------------------------------------- the therapies */

export const IV_FIELDS: FieldTable<IvFields> = {
  formula: { input: 'text', label: 'Formula or protocol', max: 200, requiredToSign: true },
  base_fluid: {
    input: 'choice',
    label: 'Base fluid',
    options: options({
      normal_saline: 'Normal saline 0.9%',
      lactated_ringers: 'Lactated Ringer’s',
      d5w: 'Dextrose 5% (D5W)',
      sterile_water: 'Sterile water',
    }),
    requiredToSign: true,
  },
  volume_ml: { input: 'number', label: 'Volume', unit: 'mL', min: 25, max: 2000, decimals: 0, requiredToSign: true },
  additives: {
    input: 'list',
    label: 'Additives',
    itemLabel: 'Additive',
    fields: {
      name: { input: 'text', label: 'Additive', max: 200, requiredToSign: true },
      dose: { input: 'number', label: 'Dose', min: 0.01, max: 100_000, decimals: 2, requiredToSign: true },
      unit: {
        input: 'choice',
        label: 'Unit',
        options: options({ mg: 'mg', g: 'g', mcg: 'mcg', mL: 'mL', IU: 'IU', mEq: 'mEq' }),
        requiredToSign: true,
      },
      lot: { input: 'text', label: 'Lot', max: 40, requiredToSign: true },
      expiry: { input: 'date', label: 'Expiry', requiredToSign: true, hint: 'An expired lot is refused.' },
    },
  },
  catheter_gauge: {
    input: 'choice',
    label: 'Catheter gauge',
    options: options({ '18G': '18 G', '20G': '20 G', '22G': '22 G', '24G': '24 G' }),
    requiredToSign: true,
  },
  site: { input: 'text', label: 'Site', max: 200, requiredToSign: true, hint: 'e.g. left antecubital' },
  attempts: {
    input: 'list',
    label: 'Cannulation attempts',
    itemLabel: 'Attempt',
    minToSign: 1,
    fields: {
      site: { input: 'text', label: 'Site', max: 200, requiredToSign: true },
      outcome: {
        input: 'choice',
        label: 'Outcome',
        options: options({ success: 'In', failed: 'Missed' }),
        requiredToSign: true,
      },
    },
  },
  rate_value: { input: 'number', label: 'Rate', min: 1, max: 1000, decimals: 0, requiredToSign: true },
  rate_unit: {
    input: 'choice',
    label: 'Rate unit',
    options: options({ ml_per_hour: 'mL/h', drops_per_minute: 'drops/min' }),
    requiredToSign: true,
  },
  started_at: { input: 'instant', label: 'Started', requiredToSign: true },
  stopped_at: { input: 'instant', label: 'Stopped', requiredToSign: true },
  volume_infused_ml: {
    input: 'number',
    label: 'Volume infused',
    unit: 'mL',
    min: 0,
    max: 2500,
    decimals: 0,
    requiredToSign: true,
  },
  site_checks: {
    input: 'list',
    label: 'Site checks',
    itemLabel: 'Site check',
    hint: 'Infiltration and phlebitis scales, 0 (none) to 4.',
    fields: {
      checked_at: { input: 'instant', label: 'Checked', requiredToSign: true },
      infiltration: { input: 'number', label: 'Infiltration', min: 0, max: 4, decimals: 0, requiredToSign: true },
      phlebitis: { input: 'number', label: 'Phlebitis', min: 0, max: 4, decimals: 0, requiredToSign: true },
    },
  },
};

export const HBOT_FIELDS: FieldTable<HbotFields> = {
  chamber_type: {
    input: 'choice',
    label: 'Chamber type',
    options: options({ monoplace: 'Monoplace', multiplace: 'Multiplace' }),
    requiredToSign: true,
  },
  chamber: { input: 'text', label: 'Chamber', max: 200, requiredToSign: true },
  pressure_ata: {
    input: 'number',
    label: 'Pressure',
    unit: 'ATA',
    min: 1.1,
    max: 3,
    decimals: 2,
    requiredToSign: true,
  },
  compression_min: {
    input: 'number',
    label: 'Compression',
    unit: 'min',
    min: 1,
    max: 60,
    decimals: 0,
    requiredToSign: true,
  },
  at_pressure_min: {
    input: 'number',
    label: 'Time at pressure',
    unit: 'min',
    min: 1,
    max: 180,
    decimals: 0,
    requiredToSign: true,
  },
  decompression_min: {
    input: 'number',
    label: 'Decompression',
    unit: 'min',
    min: 1,
    max: 60,
    decimals: 0,
    requiredToSign: true,
  },
  air_breaks: { input: 'number', label: 'Air breaks', min: 0, max: 10, decimals: 0, requiredToSign: true },
  ear_clearing: {
    input: 'choice',
    label: 'Ear clearing',
    options: options({ easy: 'Cleared easily', difficult: 'Cleared with difficulty', unable: 'Could not clear' }),
    requiredToSign: true,
  },
  barotrauma_grade: {
    input: 'number',
    label: 'Ear barotrauma (TEED grade)',
    min: 0,
    max: 5,
    decimals: 0,
    requiredToSign: true,
    hint: '0 is none; 5 a ruptured eardrum.',
  },
  diabetic: { input: 'yes-no', label: 'Client is diabetic', hint: 'Glucose before and after is then required.' },
  glucose_before: { input: 'number', label: 'Glucose before', unit: 'mg/dL', min: 20, max: 600, decimals: 0 },
  glucose_after: { input: 'number', label: 'Glucose after', unit: 'mg/dL', min: 20, max: 600, decimals: 0 },
};

export const PEMF_FIELDS: FieldTable<PemfFields> = {
  applicator: {
    input: 'choice',
    label: 'Applicator',
    options: options({ mat: 'Full-body mat', pad: 'Pad', loop: 'Loop', probe: 'Probe' }),
    requiredToSign: true,
  },
  body_site: { input: 'text', label: 'Body site', max: 200, requiredToSign: true },
  frequency_hz: {
    input: 'number',
    label: 'Frequency',
    unit: 'Hz',
    min: 0.1,
    max: 1000,
    decimals: 1,
    requiredToSign: true,
  },
  intensity_percent: {
    input: 'number',
    label: 'Intensity',
    unit: '% of device maximum',
    min: 1,
    max: 100,
    decimals: 0,
    requiredToSign: true,
  },
  program: { input: 'text', label: 'Program', max: 200 },
  minutes: { input: 'number', label: 'Duration', unit: 'min', min: 1, max: 120, decimals: 0, requiredToSign: true },
};

export const RED_LIGHT_AREAS = options({
  face: 'Face',
  scalp: 'Scalp',
  neck: 'Neck',
  chest: 'Chest',
  abdomen: 'Abdomen',
  upper_back: 'Upper back',
  lower_back: 'Lower back',
  arms: 'Arms',
  hands: 'Hands',
  hips: 'Hips',
  knees: 'Knees',
  legs: 'Legs',
  feet: 'Feet',
  whole_body: 'Whole body',
});

export const RED_LIGHT_FIELDS: FieldTable<RedLightFields> = {
  device: { input: 'text', label: 'Device', max: 200, requiredToSign: true },
  wavelength_nm: {
    input: 'number',
    label: 'Wavelength',
    unit: 'nm',
    min: 600,
    max: 1100,
    decimals: 0,
    requiredToSign: true,
  },
  irradiance_mw_cm2: {
    input: 'number',
    label: 'Irradiance at the treatment distance',
    unit: 'mW/cm²',
    min: 1,
    max: 200,
    decimals: 1,
    requiredToSign: true,
  },
  irradiance_source: {
    input: 'choice',
    label: 'Irradiance is',
    options: options({ measured: 'Measured at the distance', manufacturer: 'From the maker’s chart' }),
    requiredToSign: true,
  },
  distance_cm: { input: 'number', label: 'Distance', unit: 'cm', min: 0, max: 100, decimals: 1, requiredToSign: true },
  minutes: { input: 'number', label: 'Duration', unit: 'min', min: 0.5, max: 60, decimals: 1, requiredToSign: true },
  areas: { input: 'choices', label: 'Areas treated', options: RED_LIGHT_AREAS, requiredToSign: true },
};

/** FIR sauna: what stops a session. Any one observed ends it. */
export const FIR_STOP_CRITERIA: readonly ScreenQuestion[] = [
  { key: 'dizziness', label: 'Dizziness or light-headedness' },
  { key: 'nausea', label: 'Nausea' },
  { key: 'chest', label: 'Chest pain or palpitations' },
  { key: 'heart_rate', label: 'Heart rate above the limit set for the client' },
  { key: 'confusion', label: 'Confusion or unusual behaviour' },
  { key: 'dry_skin', label: 'Sweating stopped, skin hot and dry' },
];

export const FIR_FIELDS: FieldTable<FirFields> = {
  cabin_temp_c: {
    input: 'number',
    label: 'Cabin temperature',
    unit: '°C',
    min: 35,
    max: 75,
    decimals: 0,
    requiredToSign: true,
  },
  minutes: { input: 'number', label: 'Duration', unit: 'min', min: 1, max: 60, decimals: 0, requiredToSign: true },
  heart_rate_before: {
    input: 'number',
    label: 'Heart rate before',
    unit: '/min',
    min: 25,
    max: 250,
    decimals: 0,
    requiredToSign: true,
  },
  heart_rate_peak: {
    input: 'number',
    label: 'Peak heart rate',
    unit: '/min',
    min: 25,
    max: 250,
    decimals: 0,
    requiredToSign: true,
  },
  weight_before_kg: {
    input: 'number',
    label: 'Weight before',
    unit: 'kg',
    min: 20,
    max: 300,
    decimals: 1,
    requiredToSign: true,
  },
  weight_after_kg: {
    input: 'number',
    label: 'Weight after',
    unit: 'kg',
    min: 20,
    max: 300,
    decimals: 1,
    requiredToSign: true,
  },
  fluids_ml: {
    input: 'number',
    label: 'Fluids taken',
    unit: 'mL',
    min: 0,
    max: 3000,
    decimals: 0,
    requiredToSign: true,
  },
  stop_criteria: {
    input: 'checklist',
    label: 'Stop criteria observed',
    questions: FIR_STOP_CRITERIA,
    requiredToSign: true,
    hint: 'Any one observed ends the session.',
  },
};

/** Each therapy's own fields, as the draft names them (`draft[therapy]`). */
export const THERAPY_FIELDS = {
  iv: IV_FIELDS,
  hbot: HBOT_FIELDS,
  pet: PEMF_FIELDS,
  red_light: RED_LIGHT_FIELDS,
  fir: FIR_FIELDS,
} as const satisfies Readonly<Record<VisitTherapy, unknown>>;

/* ---------------------------------------------------------------- derived values */

/** Red light: the dose in J/cm² is irradiance (mW/cm²) × seconds / 1000. */
export function redLightDose(irradianceMwCm2: number, minutes: number): number {
  return Math.round(((irradianceMwCm2 * minutes * 60) / 1000) * 100) / 100;
}

export function derivedValues(draft: Pick<VisitDraft, 'red_light' | 'fir'>): VisitDerived {
  const derived: VisitDerived = {};
  const light = draft.red_light;
  if (light?.irradiance_mw_cm2 != null && light.minutes != null) {
    derived.dose_j_cm2 = redLightDose(light.irradiance_mw_cm2, light.minutes);
  }
  const sauna = draft.fir;
  if (sauna?.heart_rate_before != null && sauna.heart_rate_peak != null) {
    derived.heart_rate_rise = sauna.heart_rate_peak - sauna.heart_rate_before;
  }
  if (sauna?.weight_before_kg != null && sauna.weight_after_kg != null) {
    derived.weight_change_kg = Math.round((sauna.weight_after_kg - sauna.weight_before_kg) * 10) / 10;
  }
  return derived;
}

/* ---------------------------------------------------------------- checks */

export interface VisitFieldError {
  /** Where, as a path into the draft: `iv.volume_ml`, `vitals.2.systolic`. */
  field: string;
  message: string;
}

/** The message for a number outside its field's rules, or null when it fits. */
export function numberProblem(spec: NumberSpec, value: number): string | null {
  const unit = spec.unit ? ` ${spec.unit}` : '';
  if (!Number.isFinite(value)) return 'Enter a number.';
  if (value < spec.min || value > spec.max) return `Must be from ${spec.min} to ${spec.max}${unit}.`;
  const scaled = value * 10 ** spec.decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    return spec.decimals === 0
      ? 'Enter a whole number.'
      : `At most ${spec.decimals} decimal place${spec.decimals === 1 ? '' : 's'}.`;
  }
  return null;
}

/** The message for a value that breaks its field's rules (a draft may leave it empty), or null. */
export function fieldProblem(spec: FieldSpec, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (spec.input) {
    case 'number':
      return typeof value === 'number' ? numberProblem(spec, value) : 'Enter a number.';
    case 'text':
      if (typeof value !== 'string') return 'Enter text.';
      return value.length > spec.max ? `At most ${spec.max} characters.` : null;
    case 'choice':
      return spec.options.some((option) => option.value === value) ? null : 'Choose one of the options.';
    case 'choices':
      return Array.isArray(value) && value.every((item) => spec.options.some((option) => option.value === item))
        ? null
        : 'Choose from the options.';
    case 'instant':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'Enter a date and time.';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : 'Enter a date.';
    case 'yes-no':
      return typeof value === 'boolean' ? null : 'Answer yes or no.';
    case 'checklist':
      return null;
  }
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

export const SIGN_MESSAGES = {
  required: 'Needed to sign.',
  answerAll: 'Answer every question to sign.',
  overrideReason: `A positive answer stops the visit: record why it goes ahead (at least ${OVERRIDE_REASON_MIN} characters).`,
  therapyConsent: 'The client’s consent to this therapy is needed to sign.',
  consentDate: 'When the client consented is needed to sign.',
  hipaa: 'The client has not given the HIPAA authorization; they give it in the portal.',
  vitalsBefore: 'Record vitals before the session to sign.',
  vitalsAfter: 'Record vitals after the session to sign.',
  glucose: 'Needed to sign: the client is diabetic.',
  successfulAttempt: 'Record the attempt that got the line in.',
  noMeasurement: 'Enter at least one measurement.',
} as const;

/** What a draft says of a moment and a day, for the checks that depend on them. */
export interface CheckClock {
  /** Today in the clinic's zone (YYYY-MM-DD): lots expiring before it are expired. */
  today: string;
  /** Now: nothing may be recorded as measured later than a few minutes from now. */
  now: Date;
}

/** Device clocks drift: a reading stamped this far ahead of the server's clock is still accepted. */
const CLOCK_TOLERANCE_MS = 10 * 60 * 1000;

type Entry = { id: string } & Record<string, unknown>;

function checkFields(
  table: Readonly<Record<string, FieldSpec | ListSpec<Entry>>>,
  values: Readonly<Record<string, unknown>>,
  prefix: string,
  errors: VisitFieldError[],
  seenIds: Set<string>,
): void {
  for (const [name, spec] of Object.entries(table)) {
    const value = values[name];
    if (spec.input === 'list') {
      if (!Array.isArray(value)) continue;
      (value as Entry[]).forEach((entry, index) => {
        checkEntryId(entry.id, `${prefix}${name}.${index}`, errors, seenIds);
        checkFields(spec.fields, entry, `${prefix}${name}.${index}.`, errors, seenIds);
      });
      continue;
    }
    if (spec.input === 'checklist') {
      checkAnswers(
        value as Readonly<Record<string, boolean | null>> | undefined,
        spec.questions,
        `${prefix}${name}`,
        errors,
      );
      continue;
    }
    const problem = fieldProblem(spec, value);
    if (problem) errors.push({ field: `${prefix}${name}`, message: problem });
  }
}

function checkEntryId(id: string, field: string, errors: VisitFieldError[], seenIds: Set<string>): void {
  const key = id.toLowerCase();
  if (seenIds.has(key)) errors.push({ field: `${field}.id`, message: 'Two entries have the same id.' });
  seenIds.add(key);
}

function checkAnswers(
  answers: Readonly<Record<string, boolean | null>> | undefined,
  questions: readonly ScreenQuestion[],
  field: string,
  errors: VisitFieldError[],
): void {
  for (const key of Object.keys(answers ?? {})) {
    if (!questions.some((question) => question.key === key)) {
      errors.push({ field: `${field}.${key}`, message: 'Not a question of this screen.' });
    }
  }
}

/**
 * Everything wrong with a draft as it stands: values out of range, fields of
 * another therapy, expired lots, times in the wrong order or the future,
 * entries without a measurement. A draft may be incomplete; see signingProblems.
 */
export function draftProblems(draft: VisitDraft, clock: CheckClock): VisitFieldError[] {
  const errors: VisitFieldError[] = [];
  const seenIds = new Set<string>();
  for (const therapy of VISIT_THERAPIES) {
    if (therapy !== draft.therapy && draft[therapy] !== undefined) {
      errors.push({
        field: therapy,
        message: `Only the fields of this visit’s therapy (${draft.therapy}) belong here.`,
      });
    }
  }
  const latest = clock.now.getTime() + CLOCK_TOLERANCE_MS;
  const notLater = (value: string | null | undefined, field: string) => {
    if (value && Date.parse(value) > latest) errors.push({ field, message: 'Cannot be later than now.' });
  };

  checkAnswers(draft.contraindications?.answers, CONTRAINDICATIONS[draft.therapy], 'contraindications.answers', errors);
  const reason = draft.contraindications?.override_reason;
  if (reason != null && reason.length > 1000) {
    errors.push({ field: 'contraindications.override_reason', message: 'At most 1000 characters.' });
  }
  const consentDate = draft.consent?.therapy_consent_date;
  if (consentDate && consentDate > clock.today) {
    errors.push({ field: 'consent.therapy_consent_date', message: 'Cannot be later than today.' });
  }

  (draft.vitals ?? []).forEach((entry, index) => {
    const at = `vitals.${index}`;
    checkEntryId(entry.id, at, errors, seenIds);
    checkFields(VITALS_FIELDS, entry, `${at}.`, errors, seenIds);
    if (VITALS_MEASUREMENTS.every((measurement) => entry[measurement] == null)) {
      errors.push({ field: at, message: SIGN_MESSAGES.noMeasurement });
    }
    if (entry.systolic != null && entry.diastolic != null && entry.systolic <= entry.diastolic) {
      errors.push({ field: `${at}.diastolic`, message: 'Must be lower than the systolic.' });
    }
    notLater(entry.taken_at, `${at}.taken_at`);
  });
  (draft.reactions ?? []).forEach((entry, index) => {
    checkEntryId(entry.id, `reactions.${index}`, errors, seenIds);
    notLater(entry.occurred_at, `reactions.${index}.occurred_at`);
  });

  const fields = draft[draft.therapy];
  if (fields) {
    checkFields(THERAPY_FIELDS[draft.therapy], fields, `${draft.therapy}.`, errors, seenIds);
  }
  if (draft.therapy === 'iv' && draft.iv) {
    const iv = draft.iv;
    (iv.additives ?? []).forEach((additive, index) => {
      if (additive.expiry && additive.expiry < clock.today) {
        errors.push({
          field: `iv.additives.${index}.expiry`,
          message: `This lot expired on ${additive.expiry}: do not use it.`,
        });
      }
    });
    if (iv.started_at && iv.stopped_at && Date.parse(iv.stopped_at) <= Date.parse(iv.started_at)) {
      errors.push({ field: 'iv.stopped_at', message: 'Must be after the start.' });
    }
    notLater(iv.started_at, 'iv.started_at');
    notLater(iv.stopped_at, 'iv.stopped_at');
    (iv.site_checks ?? []).forEach((check, index) => notLater(check.checked_at, `iv.site_checks.${index}.checked_at`));
  }
  return errors;
}

/** The contraindications answered yes. */
export function positiveContraindications(draft: Pick<VisitDraft, 'therapy' | 'contraindications'>): ScreenQuestion[] {
  const answers = draft.contraindications?.answers ?? {};
  return CONTRAINDICATIONS[draft.therapy].filter((question) => answers[question.key] === true);
}

/** A yes on the screen without a recorded reason stops the visit: no therapy is given, nothing is signed. */
export function visitStopped(draft: Pick<VisitDraft, 'therapy' | 'contraindications'>): boolean {
  const reason = draft.contraindications?.override_reason?.trim() ?? '';
  return positiveContraindications(draft).length > 0 && reason.length < OVERRIDE_REASON_MIN;
}

/** What the client's own record says that signing depends on. */
export interface SigningContext {
  /** The client has given the HIPAA authorization. */
  hipaaConsent: boolean;
  /** The client's profile records diabetes (see profileSaysDiabetic). */
  diabetic: boolean;
}

function requireFields(
  table: Readonly<Record<string, FieldSpec | ListSpec<Entry>>>,
  values: Readonly<Record<string, unknown>>,
  prefix: string,
  errors: VisitFieldError[],
): void {
  for (const [name, spec] of Object.entries(table)) {
    const value = values[name];
    if (spec.input === 'list') {
      const entries = Array.isArray(value) ? (value as Entry[]) : [];
      if (entries.length < (spec.minToSign ?? 0)) {
        errors.push({
          field: `${prefix}${name}`,
          message: `Record at least one ${spec.itemLabel.toLowerCase()} to sign.`,
        });
      }
      entries.forEach((entry, index) => requireFields(spec.fields, entry, `${prefix}${name}.${index}.`, errors));
      continue;
    }
    if (!spec.requiredToSign) continue;
    if (spec.input === 'checklist') {
      const answers = (value ?? {}) as Readonly<Record<string, unknown>>;
      if (spec.questions.some((question) => typeof answers[question.key] !== 'boolean')) {
        errors.push({ field: `${prefix}${name}`, message: SIGN_MESSAGES.answerAll });
      }
    } else if (isEmpty(value)) {
      errors.push({ field: `${prefix}${name}`, message: SIGN_MESSAGES.required });
    }
  }
}

/**
 * What must be added before a visit can be signed, field by field: consent,
 * the whole contraindication screen (and why it goes ahead after a yes),
 * vitals before and after, and every field its therapy needs. Empty when it
 * can be signed.
 */
export function signingProblems(draft: VisitDraft, context: SigningContext): VisitFieldError[] {
  const errors: VisitFieldError[] = [];
  if (!context.hipaaConsent) errors.push({ field: 'client_id', message: SIGN_MESSAGES.hipaa });
  if (draft.consent?.therapy_consent !== true) {
    errors.push({ field: 'consent.therapy_consent', message: SIGN_MESSAGES.therapyConsent });
  }
  if (!draft.consent?.therapy_consent_date) {
    errors.push({ field: 'consent.therapy_consent_date', message: SIGN_MESSAGES.consentDate });
  }
  const answers = draft.contraindications?.answers ?? {};
  for (const question of CONTRAINDICATIONS[draft.therapy]) {
    if (typeof answers[question.key] !== 'boolean') {
      errors.push({ field: `contraindications.answers.${question.key}`, message: SIGN_MESSAGES.answerAll });
    }
  }
  if (visitStopped(draft)) {
    errors.push({ field: 'contraindications.override_reason', message: SIGN_MESSAGES.overrideReason });
  }
  const vitals = draft.vitals ?? [];
  if (!vitals.some((entry) => entry.phase === 'before')) {
    errors.push({ field: 'vitals', message: SIGN_MESSAGES.vitalsBefore });
  }
  if (!vitals.some((entry) => entry.phase === 'after'))
    errors.push({ field: 'vitals', message: SIGN_MESSAGES.vitalsAfter });
  (draft.reactions ?? []).forEach((entry, index) =>
    requireFields(REACTION_FIELDS, entry, `reactions.${index}.`, errors),
  );

  const therapy = draft.therapy;
  const fields = (draft[therapy] ?? {}) as Readonly<Record<string, unknown>>;
  requireFields(THERAPY_FIELDS[therapy], fields, `${therapy}.`, errors);
  if (therapy === 'iv') {
    const attempts = draft.iv?.attempts ?? [];
    if (attempts.length > 0 && !attempts.some((attempt) => attempt.outcome === 'success')) {
      errors.push({ field: 'iv.attempts', message: SIGN_MESSAGES.successfulAttempt });
    }
  }
  if (therapy === 'hbot' && (context.diabetic || draft.hbot?.diabetic === true)) {
    for (const field of ['glucose_before', 'glucose_after'] as const) {
      if (draft.hbot?.[field] == null) errors.push({ field: `hbot.${field}`, message: SIGN_MESSAGES.glucose });
    }
  }
  return errors;
}

/** @public A FIR session during which a stop criterion was observed (the visit screens warn). */
export function stopCriterionMet(fir: FirFields | undefined): boolean {
  return FIR_STOP_CRITERIA.some((criterion) => fir?.stop_criteria?.[criterion.key] === true);
}

/**
 * Whether a profile records diabetes: the lifestyle history's `diabetes`
 * (openapi/health-history.ts) says yes, of any type.
 */
export function profileSaysDiabetic(lifestyle: Pick<LifestyleHistory, 'diabetes'> | null | undefined): boolean {
  const answer = lifestyle?.diabetes;
  return answer !== undefined && answer !== null && answer !== 'no';
}

/** The field paths whose values a person enters (for attributions): every leaf of the frame and the therapy. */
export function attributedPaths(draft: VisitDraft): Map<string, unknown> {
  const paths = new Map<string, unknown>();
  paths.set('notes', draft.notes ?? null);
  paths.set('consent.therapy_consent', draft.consent?.therapy_consent ?? null);
  paths.set('consent.therapy_consent_date', draft.consent?.therapy_consent_date ?? null);
  for (const question of CONTRAINDICATIONS[draft.therapy]) {
    paths.set(`contraindications.answers.${question.key}`, draft.contraindications?.answers?.[question.key] ?? null);
  }
  paths.set('contraindications.override_reason', draft.contraindications?.override_reason ?? null);
  const fields = (draft[draft.therapy] ?? {}) as Readonly<Record<string, unknown>>;
  for (const [name, spec] of Object.entries(THERAPY_FIELDS[draft.therapy]) as [string, FieldSpec | ListSpec<Entry>][]) {
    if (spec.input === 'list') continue;
    if (spec.input === 'checklist') {
      const answers = (fields[name] ?? {}) as Readonly<Record<string, unknown>>;
      for (const question of spec.questions)
        paths.set(`${draft.therapy}.${name}.${question.key}`, answers[question.key] ?? null);
      continue;
    }
    paths.set(`${draft.therapy}.${name}`, fields[name] ?? null);
  }
  return paths;
}

/** Every entry of a draft, by id: vitals, reactions, and the therapy's lists. */
export function entriesById(draft: VisitDraft): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const entry of draft.vitals ?? []) entries.set(entry.id.toLowerCase(), entry);
  for (const entry of draft.reactions ?? []) entries.set(entry.id.toLowerCase(), entry);
  const fields = (draft[draft.therapy] ?? {}) as Readonly<Record<string, unknown>>;
  for (const [name, spec] of Object.entries(THERAPY_FIELDS[draft.therapy]) as [string, FieldSpec | ListSpec<Entry>][]) {
    if (spec.input !== 'list') continue;
    const list = fields[name];
    if (Array.isArray(list)) for (const entry of list as Entry[]) entries.set(entry.id.toLowerCase(), entry);
  }
  return entries;
}
