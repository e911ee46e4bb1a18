import { describe, expect, it } from 'vitest';
import { fieldNameOf } from './labels';

describe('a visit field as a person reads it', () => {
  it.each([
    ['iv', 'iv.volume_ml', 'Volume'],
    ['iv', 'iv.additives.0.lot', 'Additive 1: Lot'],
    ['iv', 'iv.attempts', 'Cannulation attempts'],
    ['hbot', 'contraindications.answers.pneumothorax', 'Untreated pneumothorax, or one in the past'],
    ['fir', 'fir.stop_criteria', 'Stop criteria observed'],
    ['pet', 'vitals.1.systolic', 'Vitals 2: Systolic'],
    ['red_light', 'consent.therapy_consent', 'Consent to the therapy'],
    ['red_light', 'client_id', 'HIPAA authorization'],
  ] as const)('%s %s is “%s”', (therapy, path, label) => {
    expect(fieldNameOf(therapy, path)).toBe(label);
  });
});
