import { describe, expect, it } from 'vitest';
import { fieldConflicts, rebasedBody, resolvedBody } from './merge';
import { unsentFields, withUnsentChanges, type OutboxItem } from './model';

function change(id: string, body: Record<string, unknown>, base: Record<string, unknown>, createdAt = 1): OutboxItem {
  return {
    id,
    author: 'nurse-a',
    record: 'profile:c1',
    request: { method: 'patch', path: '/users/user-profiles/{id}', pathParams: { id: 'c1' }, body },
    version: 3,
    base,
    label: 'Profile of Priya Sharma',
    fieldLabels: { city: 'City', phone_number: 'Phone' },
    link: null,
    refresh: [],
    createdAt,
    state: 'conflict',
    attempts: 0,
    notBefore: 0,
    reason: null,
    current: null,
  };
}

describe('conflicts, field by field', () => {
  const mine = change('x', { city: 'Mysuru', phone_number: '+911234567890' }, { city: 'Pune', phone_number: null });

  it('are the fields someone else set to another value since the change was made', () => {
    expect(fieldConflicts(mine, { city: 'Mumbai', phone_number: null, version: 4 })).toEqual([
      { field: 'city', label: 'City', mine: 'Mysuru', theirs: 'Mumbai', base: 'Pune' },
    ]);
  });

  it('are none when the server moved on in other fields or to the same value', () => {
    expect(fieldConflicts(mine, { city: 'Pune', phone_number: null, title: 'Dr' })).toEqual([]);
    expect(fieldConflicts(mine, { city: 'Mysuru', phone_number: null })).toEqual([]);
  });

  it('resolve into a change keeping the chosen values, without what the server has already', () => {
    const current = { city: 'Mumbai', phone_number: null, version: 4 };
    expect(resolvedBody(mine, new Set(['city']), current)).toEqual({ city: 'Mysuru', phone_number: '+911234567890' });
    expect(resolvedBody(mine, new Set(), current)).toEqual({ phone_number: '+911234567890' });
    expect(resolvedBody(change('y', { city: 'Mysuru' }, { city: 'Pune' }), new Set(), current)).toBeNull();
  });
});

describe('a record with unsent changes', () => {
  it('shows them over the server’s values, in order, and names the fields', () => {
    const items = [change('b', { city: 'Goa' }, {}, 2), change('a', { city: 'Mysuru', title: 'Dr' }, {}, 1)];
    expect(withUnsentChanges({ city: 'Pune', title: null, last_name: 'Sharma' }, items, 'profile:c1')).toEqual({
      city: 'Goa',
      title: 'Dr',
      last_name: 'Sharma',
    });
    expect(withUnsentChanges({ city: 'Pune' }, items, 'profile:c2')).toEqual({ city: 'Pune' });
    expect([...unsentFields(items, 'profile:c1')].sort()).toEqual(['city', 'title']);
  });
});

describe('a change carried onto a newer version (three-way merge)', () => {
  const vitals = (...ids: string[]) => ids.map((id) => ({ id, heart_rate: 70 }));
  const draft = (base: Record<string, unknown>, body: Record<string, unknown>): OutboxItem => ({
    ...change('d', body, base),
    record: 'visit:v1',
    request: { method: 'put', path: '/visits/{id}', pathParams: { id: 'v1' }, body },
  });

  it('keeps entries both sides added to one list, and the other side’s changes elsewhere', () => {
    const base = { vitals: vitals('a'), iv: { volume_ml: 500, additives: [] }, notes: null };
    const mine = {
      vitals: vitals('a', 'mine'),
      iv: { volume_ml: 500, additives: [{ id: 'x', name: 'B12' }] },
      notes: null,
    };
    const theirs = { vitals: vitals('a', 'theirs'), iv: { volume_ml: 250, additives: [] }, notes: 'Started late' };
    expect(rebasedBody(draft(base, mine), theirs)).toEqual({
      vitals: vitals('a', 'theirs', 'mine'),
      iv: { volume_ml: 250, additives: [{ id: 'x', name: 'B12' }] },
      notes: 'Started late',
    });
    expect(fieldConflicts(draft(base, mine), theirs)).toEqual([]);
  });

  it('removes what the person removed, unless the other side changed it meanwhile', () => {
    const base = { vitals: vitals('a', 'b') };
    expect(rebasedBody(draft(base, { vitals: vitals('a') }), { vitals: vitals('a', 'b', 'c') })).toEqual({
      vitals: vitals('a', 'c'),
    });
    const changed = { vitals: [...vitals('a'), { id: 'b', heart_rate: 99 }] };
    expect(rebasedBody(draft(base, { vitals: vitals('a') }), changed)).toBeNull();
  });

  it('is a conflict where both changed the same value differently', () => {
    const item = draft({ iv: { volume_ml: 500 } }, { iv: { volume_ml: 250 } });
    expect(rebasedBody(item, { iv: { volume_ml: 1000 } })).toBeNull();
    expect(fieldConflicts(item, { iv: { volume_ml: 1000 } }).map((conflict) => conflict.field)).toEqual(['iv']);
  });

  it('resolves a whole-record save with every field, the server’s where the person chose it', () => {
    const item = draft({ iv: { volume_ml: 500 }, notes: null }, { iv: { volume_ml: 250 }, notes: 'Mine' });
    expect(resolvedBody(item, new Set(), { iv: { volume_ml: 1000 }, notes: null })).toEqual({
      iv: { volume_ml: 1000 },
      notes: 'Mine',
    });
  });
});
