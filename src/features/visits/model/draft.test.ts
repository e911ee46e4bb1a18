import { describe, expect, it } from 'vitest';
import { newVisitDraft, savableDraft, timedDraft, valueAt, withValueAt, type VisitDraft } from './draft';

const CLIENT = '11111111-1111-4111-8111-111111111111';

describe('a draft changed by path', () => {
  it('sets values deep inside, sharing what did not change', () => {
    const draft = newVisitDraft('iv', CLIENT, null);
    const next = withValueAt(draft, 'iv.volume_ml', 500);
    expect(valueAt(next, 'iv.volume_ml')).toBe(500);
    expect(next.vitals).toBe(draft.vitals);
    expect(draft.iv?.volume_ml).toBeNull();
  });
});

describe('what may be saved while a value breaks a rule', () => {
  const saved: VisitDraft = {
    ...newVisitDraft('iv', CLIENT, null),
    iv: { ...newVisitDraft('iv', CLIENT, null).iv, volume_ml: 500, additives: [{ id: 'a1', name: 'B12', lot: 'L1' }] },
  };

  it('keeps the last saved value of a field at fault, and everything else', () => {
    const typed = withValueAt(withValueAt(saved, 'iv.volume_ml', 50000), 'notes', 'Started late');
    const savable = savableDraft(typed, saved, [{ field: 'iv.volume_ml', message: 'Must be from 25 to 2000 mL.' }]);
    expect(savable.iv?.volume_ml).toBe(500);
    expect(savable.notes).toBe('Started late');
  });

  it('puts back a saved entry at fault, and leaves out a new one until it is right', () => {
    const additives = [
      { id: 'a1', name: 'B12', lot: 'L1', expiry: '2020-01-01' },
      { id: 'a2', name: 'Zinc', expiry: '2020-01-01' },
    ];
    const typed = withValueAt(saved, 'iv.additives', additives);
    const savable = savableDraft(typed, saved, [
      { field: 'iv.additives.0.expiry', message: 'expired' },
      { field: 'iv.additives.1.expiry', message: 'expired' },
    ]);
    expect(savable.iv?.additives).toEqual([{ id: 'a1', name: 'B12', lot: 'L1' }]);
  });
});

describe('entries at fault, whatever their order', () => {
  it('are told by id, so leaving out a new one does not touch the next', () => {
    const base = newVisitDraft('iv', CLIENT, null);
    const saved = withValueAt(base, 'iv.additives', [{ id: 'old', name: 'B12' }]);
    const typed = withValueAt(saved, 'iv.additives', [
      { id: 'new', name: 'Zinc', expiry: '2020-01-01' },
      { id: 'old', name: 'B12 changed', expiry: '2020-01-01' },
      { id: 'fine', name: 'Vitamin C' },
    ]);
    const savable = savableDraft(typed, saved, [
      { field: 'iv.additives.0.expiry', message: 'expired' },
      { field: 'iv.additives.1.expiry', message: 'expired' },
    ]);
    expect(savable.iv?.additives).toEqual([
      { id: 'old', name: 'B12' },
      { id: 'fine', name: 'Vitamin C' },
    ]);
  });
});

describe('the time of each entry, on this device', () => {
  const opened = new Date('2026-12-01T08:40:00Z');
  const taken = new Date('2026-12-01T08:41:00Z');
  const typed = new Date('2026-12-01T08:43:00Z');

  it('is stamped on what changed since the last keep, with the clock offset, and kept for the rest', () => {
    const fresh = newVisitDraft('iv', CLIENT, null, opened);
    expect(fresh.opened_at).toBe(opened.toISOString());
    const vitals = { id: 'v1', phase: 'before' as const, taken_at: taken.toISOString(), systolic: 120 };
    const first = timedDraft({ ...fresh, vitals: [vitals] }, fresh, taken, 1500);
    expect(first.recorded_at).toEqual({ v1: { at: taken.toISOString(), device_clock_offset_ms: 1500 } });

    const second = timedDraft(withValueAt(first, 'iv.volume_ml', 500), first, typed, null);
    expect(second.recorded_at).toEqual({
      v1: { at: taken.toISOString(), device_clock_offset_ms: 1500 },
      'iv.volume_ml': { at: typed.toISOString(), device_clock_offset_ms: null },
    });
  });

  it('drops the time of an entry removed', () => {
    const fresh = newVisitDraft('iv', CLIENT, null, opened);
    const vitals = { id: 'v1', phase: 'before' as const, taken_at: taken.toISOString(), systolic: 120 };
    const withVitals = timedDraft({ ...fresh, vitals: [vitals] }, fresh, taken, null);
    expect(timedDraft({ ...withVitals, vitals: [] }, withVitals, typed, null).recorded_at).toEqual({});
  });
});
