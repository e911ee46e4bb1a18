/**
 * A complete, signable visit of each therapy: what the contract's checks
 * accept for sign-off. The demo data charts its visits from these, and the
 * tests start from them and break one rule at a time.
 */
import type { VisitDraft, VisitTherapy, VitalsEntry } from '../schema.gen.ts';
import { CONTRAINDICATIONS } from './contraindications.ts';
import type { ScreenQuestion } from './field-kinds.ts';
import { FIR_STOP_CRITERIA } from './fields.ts';

export interface ExampleOptions {
  clientId: string;
  /** When the session ran (its start); readings follow it. Defaults to an hour ago. */
  at?: Date;
  /** Makes the entry ids; a seeded maker keeps demo data the same from run to run. */
  newId?: () => string;
  appointmentId?: string | null;
  /** How long the session lasts, in minutes (the readings after it fall inside). Defaults to 60. */
  minutes?: number;
}

const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();

/** A date a year after `at`: a lot well within its expiry. */
function expiryAfter(at: Date): string {
  return `${at.getUTCFullYear() + 1}-12-31`;
}

export function exampleVisit(therapy: VisitTherapy, options: ExampleOptions): VisitDraft {
  const at = options.at ?? new Date(Date.now() - 60 * 60_000);
  const newId = options.newId ?? (() => crypto.randomUUID());
  const length = options.minutes ?? 60;
  const vitals = (phase: VitalsEntry['phase'], minutes: number, heartRate: number): VitalsEntry => ({
    id: newId(),
    phase,
    taken_at: minutesAfter(at, minutes),
    systolic: 118,
    diastolic: 76,
    heart_rate: heartRate,
    spo2: 98,
    temperature: 36.7,
    respiratory_rate: 14,
  });
  // Every question answered no.
  const no = (questions: readonly ScreenQuestion[]) => Object.fromEntries(questions.map(({ key }) => [key, false]));
  const base: VisitDraft = {
    client_id: options.clientId,
    therapy,
    appointment_id: options.appointmentId ?? null,
    consent: { therapy_consent: true, therapy_consent_date: at.toISOString().slice(0, 10) },
    contraindications: { answers: no(CONTRAINDICATIONS[therapy]), override_reason: null },
    vitals: [vitals('before', 0, 72), vitals('after', length - 5, 70)],
    reactions: [],
    notes: 'Tolerated well.',
  };
  switch (therapy) {
    case 'iv':
      return {
        ...base,
        iv: {
          formula: 'Hydration with B-complex',
          base_fluid: 'normal_saline',
          volume_ml: 500,
          additives: [
            { id: newId(), name: 'Vitamin B complex', dose: 2, unit: 'mL', lot: 'BC-2291', expiry: expiryAfter(at) },
            { id: newId(), name: 'Magnesium chloride', dose: 200, unit: 'mg', lot: 'MG-0457', expiry: expiryAfter(at) },
          ],
          catheter_gauge: '22G',
          site: 'Left antecubital',
          attempts: [{ id: newId(), site: 'Left antecubital', outcome: 'success' }],
          // The rate that runs the bag through between the start and the stop below.
          rate_value: Math.round((500 * 60) / (length - 15)),
          rate_unit: 'ml_per_hour',
          started_at: minutesAfter(at, 5),
          stopped_at: minutesAfter(at, length - 10),
          volume_infused_ml: 500,
          site_checks: [{ id: newId(), checked_at: minutesAfter(at, length / 2), infiltration: 0, phlebitis: 0 }],
        },
      };
    case 'hbot':
      return {
        ...base,
        hbot: {
          chamber_type: 'monoplace',
          chamber: 'HBOT chamber 1',
          pressure_ata: 1.5,
          compression_min: 10,
          at_pressure_min: 60,
          decompression_min: 10,
          air_breaks: 1,
          ear_clearing: 'easy',
          barotrauma_grade: 0,
          diabetic: false,
          glucose_before: null,
          glucose_after: null,
        },
      };
    case 'pet':
      return {
        ...base,
        pet: {
          applicator: 'mat',
          body_site: 'Whole body',
          frequency_hz: 10,
          intensity_percent: 40,
          program: 'Recovery',
          minutes: 30,
        },
      };
    case 'red_light':
      return {
        ...base,
        red_light: {
          device: 'Red light panel A',
          wavelength_nm: 660,
          irradiance_mw_cm2: 50,
          irradiance_source: 'measured',
          distance_cm: 15,
          minutes: 10,
          areas: ['knees', 'lower_back'],
        },
      };
    case 'fir':
      return {
        ...base,
        fir: {
          cabin_temp_c: 55,
          minutes: 30,
          heart_rate_before: 70,
          heart_rate_peak: 104,
          weight_before_kg: 72.4,
          weight_after_kg: 72.0,
          fluids_ml: 500,
          stop_criteria: no(FIR_STOP_CRITERIA),
        },
      };
  }
}
