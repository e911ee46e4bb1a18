/** Values a visit computes from what was entered, never typed. */
import type { FirFields, VisitDerived, VisitDraft } from '../schema.gen.ts';
import { FIR_STOP_CRITERIA } from './fields.ts';

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

/** @public A FIR session during which a stop criterion was observed (the visit screens warn). */
export function stopCriterionMet(fir: FirFields | undefined): boolean {
  return FIR_STOP_CRITERIA.some((criterion) => fir?.stop_criteria?.[criterion.key] === true);
}
