import { describe, expect, it } from 'vitest';
import { fieldConflicts, resolvedBody, unsentFields, withUnsentChanges, type OutboxItem } from './model';

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
