// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UTC_CLOCK } from '@/lib/intl';
import { newVisitDraft, withValueAt, type VisitDraft } from '../model/draft';
import { useChartEditing } from './useChartEditing';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const NURSE = '22222222-2222-4222-8222-222222222222';
const ENTRY_ID = 'e631725c-4deb-4c08-9e02-a576009eed00';
const AT = '2031-03-03T08:23:00.000Z';

/** A vitals entry as the dialog makes it. */
const typed = {
  id: ENTRY_ID,
  phase: 'during' as const,
  taken_at: AT,
  systolic: 121,
  diastolic: 79,
  heart_rate: 98,
  spo2: null,
  temperature: null,
  respiratory_rate: null,
  glucose: null,
};
/** The same entry as the server sends it back: its database keeps the keys in an order of its own. */
const stored = {
  id: ENTRY_ID,
  spo2: null,
  phase: 'during' as const,
  glucose: null,
  systolic: 121,
  taken_at: AT,
  diastolic: 79,
  heart_rate: 98,
  temperature: null,
  respiratory_rate: null,
};

function attributionOf(draft: VisitDraft, serverDraft: VisitDraft) {
  const { result } = renderHook(() =>
    useChartEditing({
      draft,
      setDraft: () => undefined,
      keepAtOnceRef: { current: false },
      problemList: [],
      warnings: [],
      readOnly: false,
      server: {
        attributions: { [ENTRY_ID]: { by: NURSE, at: AT, recorded_at: AT, device_clock_offset_ms: 0 } },
        people: { [NURSE]: 'Nina Thomas' },
      },
      serverDraft,
      keptTimes: { [ENTRY_ID]: { at: AT, device_clock_offset_ms: 0 } },
      username: NURSE,
      clock: UTC_CLOCK,
      openedIso: '2031-03-03T08:00:00Z',
      mayOverride: true,
    }),
  );
  return result.current.attribution(ENTRY_ID);
}

describe('who entered a vitals entry, and when', () => {
  const base = newVisitDraft('iv', CLIENT, null, new Date('2031-03-03T08:00:00Z'));

  it('is the server’s stamp once the server has the entry, whatever order its keys come back in', () => {
    const draft = withValueAt(base, 'vitals', [typed]);
    expect(attributionOf(draft, withValueAt(base, 'vitals', [stored]))).toBe('You · 08:23');
  });

  it('says the entry is not yet on the server while the server has another value or none', () => {
    const draft = withValueAt(base, 'vitals', [typed]);
    expect(attributionOf(draft, base)).toBe('You · 08:23 · not yet on the server');
    expect(attributionOf(draft, withValueAt(base, 'vitals', [{ ...stored, heart_rate: 97 }]))).toBe(
      'You · 08:23 · not yet on the server',
    );
  });
});
