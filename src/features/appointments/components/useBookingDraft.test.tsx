// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Resource, Service } from '../model/labels';
import { useBookingDraft } from './useBookingDraft';

const CLINIC = '0b7d6a3e-3c0f-4c55-9a0e-000000000001';
const chair: Resource = {
  id: 'chair-1',
  clinic_id: CLINIC,
  name: 'IV chair 1',
  kind: 'iv_chair',
  capacity: 1,
  turnover: '00:10:00',
};
const chamber: Resource = {
  id: 'chamber',
  clinic_id: CLINIC,
  name: 'HBOT chamber',
  kind: 'hbot_chamber',
  capacity: 1,
  turnover: '00:15:00',
};
const service = (id: string, kind: Resource['kind'], duration: string): Service => ({
  id,
  name: id,
  therapy_kind: 'iv',
  default_duration: duration,
  resource_kinds: [kind],
  client_bookable: true,
  preparation: null,
  what_to_bring: null,
  fasting_hours: null,
});
const drip = service('drip', 'iv_chair', '01:00:00');
const dive = service('dive', 'hbot_chamber', '01:30:00');

function draftFor(resourceId: string | null) {
  const { result, rerender } = renderHook(() =>
    useBookingDraft({ resourceId, date: '2031-03-03', time: '10:00' }, [chair, chamber], [drip, dive]),
  );
  return {
    get current() {
      return result.current;
    },
    rerender,
  };
}

describe('useBookingDraft', () => {
  it('offers only what the slot’s resource takes, and chooses the one service it takes with its length', () => {
    const draft = draftFor('chair-1');
    expect(draft.current.fitting.map((item) => item.id)).toEqual(['drip']);
    expect(draft.current.serviceId).toBe('drip');
    expect(draft.current.minutes).toBe('60');
  });

  it('lets the length follow the service chosen, and a resource that cannot take it clear it', () => {
    const draft = draftFor(null);
    expect(draft.current.serviceId).toBeNull();
    act(() => draft.current.chooseService('dive'));
    expect(draft.current.minutes).toBe('90');
    act(() => draft.current.changeWhen({ minutes: '45' }));
    act(() => draft.current.chooseResource('chamber'));
    expect(draft.current.serviceId).toBe('dive');
    expect(draft.current.minutes).toBe('45');
    act(() => draft.current.chooseResource('chair-1'));
    expect(draft.current.serviceId).toBeNull();
  });

  it('fills in a free time without narrowing the free times offered, at the service’s own length', () => {
    const draft = draftFor('chair-1');
    act(() => draft.current.changeWhen({ minutes: '30' }));
    act(() => draft.current.chooseFreeTime({ date: '2031-03-04', time: '11:30', resourceId: 'chamber' }));
    expect(draft.current).toMatchObject({ date: '2031-03-04', time: '11:30', resourceId: 'chamber', minutes: '60' });
    expect(draft.current.askedResourceId).toBe('chair-1');
  });

  it('keeps one action key for the same booking and starts a new one at any change', () => {
    const draft = draftFor('chair-1');
    const first = draft.current.actionKey;
    draft.rerender();
    expect(draft.current.actionKey).toBe(first);
    expect(draftFor('chair-1').current.actionKey).not.toBe(first);
    const keys = new Set([first]);
    act(() => draft.current.chooseClient({ id: 'c1', label: 'Daniel Okafor' }));
    keys.add(draft.current.actionKey);
    act(() => draft.current.changeNotes('Prefers the window chair'));
    keys.add(draft.current.actionKey);
    act(() => draft.current.changeWhen({ time: '10:15' }));
    keys.add(draft.current.actionKey);
    expect(keys.size).toBe(4);
    expect(draft.current).toMatchObject({ client: { id: 'c1' }, notes: 'Prefers the window chair', time: '10:15' });
  });
});
