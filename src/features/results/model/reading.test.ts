import { describe, expect, it } from 'vitest';
import type { components } from '@contract';
import { typedFlag, typedObservations } from './entry';
import { latestLipids, plainWords, trendOf } from './reading';

type Result = components['schemas']['Result'];

function result(id: string, collected: string, released: boolean, values: Record<string, number>): Result {
  return {
    id,
    client_id: 'c',
    client_name: 'C',
    appointment_id: null,
    test_name: 'Fasting blood panel',
    collected_at: collected,
    received_at: collected,
    released,
    released_at: released ? collected : null,
    version: 1,
    observations: Object.entries(values).map(([loinc, value]) => ({
      loinc,
      label: loinc,
      value,
      unit: 'mg/dL',
      range_low: null,
      range_high: 199,
      flag: 'normal',
    })),
  };
}

describe('reading a value in plain words', () => {
  it('says where the value lies against its range and what that means', () => {
    expect(plainWords({ loinc: '2093-3', value: 232, range_low: null, range_high: 199 })).toBe(
      'Above the range (199 mg/dL or less). Higher than desirable: over time it adds to the risk of heart disease.',
    );
    expect(plainWords({ loinc: '1558-6', value: 85, range_low: 70, range_high: 99 })).toBe(
      'In the range (70 to 99 mg/dL). Your blood sugar after fasting is in the normal range.',
    );
  });
});

describe('the risk calculator’s lipids', () => {
  it('come from the latest released result holding total and HDL cholesterol, never an unreleased one', () => {
    const results = [
      result('new', '2026-03-01T08:00:00Z', false, { '2093-3': 250, '2085-9': 30 }),
      result('mid', '2026-02-01T08:00:00Z', true, { '2093-3': 214, '2085-9': 45 }),
      result('old', '2025-06-01T08:00:00Z', true, { '2093-3': 246, '2085-9': 38 }),
      result('glucose', '2026-02-20T08:00:00Z', true, { '1558-6': 97 }),
    ];
    expect(latestLipids(results)).toMatchObject({ total: 214, hdl: 45, collectedAt: '2026-02-01T08:00:00Z' });
    expect(latestLipids(results.slice(0, 1))).toBeNull();
  });

  it('draws a trend oldest first', () => {
    const results = [
      result('b', '2026-02-01T08:00:00Z', true, { '2093-3': 214 }),
      result('a', '2025-06-01T08:00:00Z', true, { '2093-3': 246 }),
    ];
    expect(trendOf(results, '2093-3').map((point) => point.value)).toEqual([246, 214]);
  });
});

describe('the entry form', () => {
  const base = { panels: ['lipid'], date: '2026-03-02', time: '08:15', lab: '', values: {} };

  it('flags a value as it is typed, and not an impossible one', () => {
    expect(typedFlag('2093-3', 240)).toBe('high');
    expect(typedFlag('2093-3', 20000)).toBeNull();
    expect(typedFlag('2093-3', '')).toBeNull();
  });

  it('sends only the values typed, in the table’s units', () => {
    expect(typedObservations({ ...base, values: { '2093-3': 180, '2085-9': '' } })).toEqual([
      { loinc: '2093-3', value: 180, unit: 'mg/dL' },
    ]);
  });
});
