/**
 * Soft limits: values a visit may hold but that a clinician should look at
 * twice before signing. Each warning names its field; signing needs every
 * one acknowledged with a reason (recorded with the signature), and the
 * server refuses a sign-off that leaves one out (422 naming the field). The
 * hard limits, which refuse a value outright, are the ranges of fields.ts and
 * the draft checks of checks.ts.
 *
 * Where the thresholds come from:
 * - Vitals: a single reading that scores 3 in NEWS2 (Royal College of
 *   Physicians, National Early Warning Score 2, 2017), the band that calls
 *   for an urgent clinical review; and on the high side a blood pressure of
 *   180/120 mmHg or more (severe hypertension, NICE NG136), a temperature of
 *   38 °C or more (fever, a contraindication to heat and pressure) and a
 *   glucose under 70 or over 300 mg/dL.
 * - IV: the duration a volume takes at the rate charted; an infusion that
 *   starts and stops in the same minute; more infused than the bag and its
 *   additives held.
 * - HBOT: the clinic's protocol for wellness sessions, 1.3 to 2.4 ATA and at
 *   most 90 minutes at pressure (the usual elective treatment).
 * - Any session lasting far longer than its appointment was booked for.
 */
import type { VisitDraft } from '../schema.gen.ts';
import type { VisitFieldError } from './checks.ts';
import { VITALS_FIELDS, type VitalsMeasurement } from './fields.ts';

export interface VisitWarning {
  /** Where, as a path into the draft: `iv.stopped_at`, `vitals.0.systolic`. */
  field: string;
  /** Which check: a warning is acknowledged by its field and code. */
  code: string;
  message: string;
}

/** What the visit's own record says that the checks depend on. */
export interface PlausibilityContext {
  /** How long the appointment was booked for, in minutes; null without one. */
  plannedMinutes: number | null;
}

/** Readings that need a second look: below `low` or above `high` (inclusive bounds are still usual). */
export const VITALS_USUAL: Readonly<Record<VitalsMeasurement, { low: number; high: number }>> = {
  systolic: { low: 91, high: 179 },
  diastolic: { low: 40, high: 119 },
  heart_rate: { low: 41, high: 130 },
  spo2: { low: 92, high: 100 },
  temperature: { low: 35.1, high: 37.9 },
  respiratory_rate: { low: 9, high: 24 },
  glucose: { low: 70, high: 300 },
};

/** The clinic's HBOT protocol for wellness sessions. */
export const HBOT_PROTOCOL = { minAta: 1.3, maxAta: 2.4, maxMinutesAtPressure: 90 } as const;

/** A session counts as far past its booking beyond half again its length and a quarter of an hour. */
const OVERRUN_FACTOR = 1.5;
const OVERRUN_MIN_MINUTES = 15;
/** An IV's times and its volume over its rate may differ by a quarter, and ten minutes, before it warns. */
const IV_DURATION_SLACK = 0.25;
const IV_DURATION_SLACK_MIN_MINUTES = 10;
/** The volume infused may exceed the bag and its additives by a tenth (overfill) before it warns. */
const IV_OVERFILL = 0.1;

/** "2 h 5 min", "45 min". */
function minutesText(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function minutesBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / 60_000;
}

/** How long the session took, from what was charted, in minutes; null when it cannot be told. */
export function sessionMinutes(draft: VisitDraft): number | null {
  switch (draft.therapy) {
    case 'iv': {
      const iv = draft.iv;
      return iv?.started_at && iv.stopped_at ? minutesBetween(iv.started_at, iv.stopped_at) : null;
    }
    case 'hbot': {
      const { compression_min: down, at_pressure_min: at, decompression_min: up } = draft.hbot ?? {};
      return typeof down === 'number' && typeof at === 'number' && typeof up === 'number' ? down + at + up : null;
    }
    case 'pet':
      return draft.pet?.minutes ?? null;
    case 'red_light':
      return draft.red_light?.minutes ?? null;
    case 'fir':
      return draft.fir?.minutes ?? null;
  }
}

function vitalsWarnings(draft: VisitDraft): VisitWarning[] {
  const warnings: VisitWarning[] = [];
  (draft.vitals ?? []).forEach((entry, index) => {
    for (const [name, usual] of Object.entries(VITALS_USUAL) as [VitalsMeasurement, { low: number; high: number }][]) {
      const value = entry[name];
      if (typeof value !== 'number' || (value >= usual.low && value <= usual.high)) continue;
      const { label, unit } = VITALS_FIELDS[name];
      warnings.push({
        field: `vitals.${index}.${name}`,
        code: value < usual.low ? 'vitals_low' : 'vitals_high',
        message: `${label} ${value} ${unit} is ${value < usual.low ? 'below' : 'above'} the usual ${usual.low}–${usual.high} ${unit}.`,
      });
    }
  });
  return warnings;
}

function ivWarnings(draft: VisitDraft): VisitWarning[] {
  const iv = draft.iv;
  if (draft.therapy !== 'iv' || !iv) return [];
  const warnings: VisitWarning[] = [];
  const took = iv.started_at && iv.stopped_at ? minutesBetween(iv.started_at, iv.stopped_at) : null;
  if (took !== null && took >= 0 && took < 1) {
    warnings.push({
      field: 'iv.stopped_at',
      code: 'iv_no_duration',
      message: 'The infusion starts and stops within the same minute: check the times.',
    });
  }
  const volume = iv.volume_infused_ml ?? iv.volume_ml;
  // Within a minute the times say nothing of a rate: the warning above stands for both.
  if (took !== null && took >= 1 && volume && iv.rate_value && iv.rate_unit === 'ml_per_hour') {
    const expected = (volume / iv.rate_value) * 60;
    if (Math.abs(took - expected) > Math.max(IV_DURATION_SLACK * expected, IV_DURATION_SLACK_MIN_MINUTES)) {
      warnings.push({
        field: 'iv.rate_value',
        code: 'iv_rate_duration',
        message: `${volume} mL at ${iv.rate_value} mL/h takes about ${minutesText(expected)}, but the times say ${minutesText(took)}.`,
      });
    }
  }
  const additivesMl = (iv.additives ?? []).reduce(
    (sum, additive) => sum + (additive.unit === 'mL' && typeof additive.dose === 'number' ? additive.dose : 0),
    0,
  );
  if (iv.volume_ml && iv.volume_infused_ml && iv.volume_infused_ml > (iv.volume_ml + additivesMl) * (1 + IV_OVERFILL)) {
    warnings.push({
      field: 'iv.volume_infused_ml',
      code: 'iv_infused_over_volume',
      message: `${iv.volume_infused_ml} mL infused is more than the ${iv.volume_ml + additivesMl} mL the bag and its additives held.`,
    });
  }
  return warnings;
}

function hbotWarnings(draft: VisitDraft): VisitWarning[] {
  const hbot = draft.hbot;
  if (draft.therapy !== 'hbot' || !hbot) return [];
  const warnings: VisitWarning[] = [];
  const pressure = hbot.pressure_ata;
  if (typeof pressure === 'number' && (pressure < HBOT_PROTOCOL.minAta || pressure > HBOT_PROTOCOL.maxAta)) {
    warnings.push({
      field: 'hbot.pressure_ata',
      code: 'hbot_pressure_protocol',
      message: `${pressure} ATA is outside the protocol’s ${HBOT_PROTOCOL.minAta}–${HBOT_PROTOCOL.maxAta} ATA.`,
    });
  }
  const atPressure = hbot.at_pressure_min;
  if (typeof atPressure === 'number' && atPressure > HBOT_PROTOCOL.maxMinutesAtPressure) {
    warnings.push({
      field: 'hbot.at_pressure_min',
      code: 'hbot_time_protocol',
      message: `${atPressure} min at pressure is longer than the protocol’s ${HBOT_PROTOCOL.maxMinutesAtPressure} min.`,
    });
  }
  return warnings;
}

/** The field that says how long a session took, for each therapy. */
const DURATION_FIELD: Readonly<Record<VisitDraft['therapy'], string>> = {
  iv: 'iv.stopped_at',
  hbot: 'hbot.at_pressure_min',
  pet: 'pet.minutes',
  red_light: 'red_light.minutes',
  fir: 'fir.minutes',
};

/** Everything in a visit that needs a second look before signing, field by field. */
export function plausibilityWarnings(draft: VisitDraft, context: PlausibilityContext): VisitWarning[] {
  const warnings = [...vitalsWarnings(draft), ...ivWarnings(draft), ...hbotWarnings(draft)];
  const took = sessionMinutes(draft);
  const planned = context.plannedMinutes;
  if (took !== null && planned && took > planned * OVERRUN_FACTOR && took > planned + OVERRUN_MIN_MINUTES) {
    warnings.push({
      field: DURATION_FIELD[draft.therapy],
      code: 'session_overran',
      message: `The session took ${minutesText(took)}; ${minutesText(planned)} were booked.`,
    });
  }
  return warnings;
}

/** How short a reason may be: a few words, not a keystroke. */
export const WARNING_REASON_MIN = 5;

/** A warning's key, for matching an acknowledgement to it. */
export const warningKey = (warning: Pick<VisitWarning, 'field' | 'code'>) => `${warning.field}#${warning.code}`;

/**
 * The warnings a sign-off leaves without a reason, as the fields to fix (the
 * server's 422, and the sign-off section before anything is sent).
 */
export function unacknowledgedWarnings(
  warnings: readonly VisitWarning[],
  acknowledged: readonly { field: string; code: string; reason: string }[],
): VisitFieldError[] {
  const reasons = new Map(acknowledged.map((item) => [warningKey(item), item.reason.trim()]));
  return warnings
    .filter((warning) => (reasons.get(warningKey(warning)) ?? '').length < WARNING_REASON_MIN)
    .map((warning) => ({
      field: warning.field,
      message: `${warning.message} Say why it stands (at least ${WARNING_REASON_MIN} characters) to sign.`,
    }));
}
