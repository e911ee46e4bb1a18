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
  PemfFields,
  RedLightFields,
  VisitTherapy,
} from '../schema.gen.ts';
import { options, type FieldSpec, type FieldTable, type NumberSpec, type ScreenQuestion } from './field-kinds.ts';

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

/* ---------------------------------------------------------------- the therapies */

export const IV_FIELDS: FieldTable<IvFields> = {
  formula: { input: 'text', label: 'Formula or protocol', max: 200, requiredToSign: true },
  base_fluid: {
    input: 'choice',
    label: 'Base fluid',
    // The infusion fluids of the WHO Model List of Essential Medicines (section 26.2, parenteral solutions
    // correcting water and electrolyte disturbances). Water for injection is not one: it is a diluent (26.3),
    // hypotonic and haemolytic infused plain, so it is not offered and a draft naming it is refused.
    options: options({
      normal_saline: 'Normal saline 0.9%',
      lactated_ringers: 'Lactated Ringer’s',
      d5w: 'Dextrose 5% (D5W)',
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
