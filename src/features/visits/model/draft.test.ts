import { describe, expect, it } from 'vitest';
import { newVisitDraft, savableDraft, valueAt, withValueAt, type VisitDraft } from './draft';

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
