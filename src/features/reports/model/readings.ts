/**
 * The few readings a client's visit summary shows: the therapy's main
 * settings and the vitals before and after, named and with units as the
 * visit's field tables name them (openapi/visits/).
 */
import {
  THERAPY_FIELDS,
  VITALS_FIELDS,
  VITALS_PHASES,
  stopCriterionMet,
  type FieldSpec,
  type Visit,
  type VisitTherapy,
  type VitalsMeasurement,
} from '@contract';

export interface Reading {
  label: string;
  value: string;
}

/** The settings that say what a session was, per therapy. */
const KEY_FIELDS: Readonly<Record<VisitTherapy, readonly string[]>> = {
  iv: ['formula', 'volume_ml', 'volume_infused_ml'],
  hbot: ['pressure_ata', 'at_pressure_min', 'air_breaks'],
  pet: ['program', 'frequency_hz', 'intensity_percent', 'minutes'],
  red_light: ['wavelength_nm', 'minutes', 'distance_cm'],
  fir: ['cabin_temp_c', 'minutes', 'fluids_ml'],
};

const KEY_VITALS: readonly VitalsMeasurement[] = ['heart_rate', 'spo2', 'temperature', 'glucose'];

/** A setting as text; only numbers, choices and text are key readings. */
function formatted(spec: FieldSpec, value: unknown): string | null {
  if (spec.input === 'number' && typeof value === 'number') return `${value}${spec.unit ? ` ${spec.unit}` : ''}`;
  if (typeof value !== 'string' || value === '') return null;
  if (spec.input === 'choice') return spec.options.find((option) => option.value === value)?.label ?? value;
  return spec.input === 'text' ? value : null;
}

export function keyReadings(visit: Visit): Reading[] {
  const readings: Reading[] = [];
  const fields = (visit[visit.therapy] ?? {}) as Readonly<Record<string, unknown>>;
  const table = THERAPY_FIELDS[visit.therapy] as Readonly<Record<string, FieldSpec>>;
  for (const name of KEY_FIELDS[visit.therapy]) {
    const spec = table[name];
    const value = spec ? formatted(spec, fields[name]) : null;
    if (spec && value !== null) readings.push({ label: spec.label, value });
  }
  const derived = visit.derived ?? {};
  if (derived.dose_j_cm2 !== undefined) readings.push({ label: 'Dose', value: `${derived.dose_j_cm2} J/cm²` });
  if (derived.heart_rate_rise !== undefined) {
    readings.push({ label: 'Heart-rate rise', value: `${derived.heart_rate_rise} /min` });
  }
  if (visit.therapy === 'fir' && stopCriterionMet(visit.fir)) {
    readings.push({ label: 'Session', value: 'Ended early for your safety (a stop criterion was met)' });
  }
  for (const phase of ['before', 'after'] as const) {
    const entry = visit.vitals?.find((vitals) => vitals.phase === phase);
    if (!entry) continue;
    const parts: string[] = [];
    if (entry.systolic != null && entry.diastolic != null) parts.push(`BP ${entry.systolic}/${entry.diastolic} mmHg`);
    for (const measure of KEY_VITALS) {
      const value = entry[measure];
      if (value != null) parts.push(`${VITALS_FIELDS[measure].label} ${value} ${VITALS_FIELDS[measure].unit}`);
    }
    const when = VITALS_PHASES.find((option) => option.value === phase)?.label ?? phase;
    if (parts.length > 0) readings.push({ label: `Vitals ${when.toLowerCase()}`, value: parts.join(', ') });
  }
  return readings;
}
