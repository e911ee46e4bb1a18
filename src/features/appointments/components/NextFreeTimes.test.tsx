// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, instantAt, isoInZone, type components } from '@contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clockOf, todayOn } from '@/lib/intl';
import { installFakeApi, type FakeApi } from '@/test/fake-api';
import { testClinic } from '@/test/clinics';
import { renderWithProviders } from '@/test/render';
import { NextFreeTimes } from './NextFreeTimes';

type Schemas = components['schemas'];
const ZONE = 'Asia/Kolkata';
const SERVICE = '0b6c1f7e-2222-4333-8444-555566667777';
const CLIENT = '5f0c1c1e-1111-4222-8333-444455556666';
const SLOW = { timeout: 10_000 };
const CLINIC = testClinic({ id: '1c2d3e4f-2222-4333-8444-555566667777', name: 'Thrive Bengaluru', time_zone: ZONE });
const chair = (n: number): Schemas['Resource'] => ({
  id: `9a1d2e3f-2222-4333-8444-55556666777${n}`,
  clinic_id: CLINIC.id,
  name: `IV chair ${n}`,
  kind: 'iv_chair',
  capacity: 1,
  turnover: '00:10:00',
});
const RESOURCES = [chair(1), chair(2)];
const tomorrow = addDays(todayOn(clockOf(ZONE)), 1);
const at = (time: string) => isoInZone(instantAt(`${tomorrow} ${time}`, ZONE), ZONE);

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi({
    'GET /slots': () => ({
      time_zone: ZONE,
      duration: '01:00:00',
      results: [
        { starts_at: at('10:15'), ends_at: at('11:15'), resource_id: RESOURCES[1]!.id },
        { starts_at: at('10:30'), ends_at: at('11:30'), resource_id: RESOURCES[0]!.id },
      ],
    }),
  });
});

function render(serviceId: string | null, onChoose = vi.fn()) {
  return renderWithProviders(
    <NextFreeTimes
      clinic={CLINIC}
      serviceId={serviceId}
      resourceId={null}
      clientId={CLIENT}
      fromDate={tomorrow}
      fromTime=""
      resources={RESOURCES}
      chosen={null}
      onChoose={onChoose}
    />,
  );
}

describe('the booking dialog’s next free times', () => {
  it('ask for a service first, and read nothing until one is chosen', SLOW, async () => {
    await render(null);
    expect(screen.getByRole('group', { name: 'Next free times' }).textContent).toContain(
      'Choose a service to see when it is free.',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('offer the soonest first, with its resource, and fill in day, time and resource in one tap', SLOW, async () => {
    const onChoose = vi.fn();
    await render(SERVICE, onChoose);
    const group = screen.getByRole('group', { name: 'Next free times' });
    const first = await within(group).findByRole('button', { name: 'First free: tomorrow 10:15, IV chair 2' }, SLOW);
    expect(within(group).getByRole('button', { name: 'tomorrow 10:30, IV chair 1' })).toBeTruthy();
    await userEvent.click(first);
    expect(onChoose).toHaveBeenCalledWith(
      expect.objectContaining({ date: tomorrow, time: '10:15', resourceId: RESOURCES[1]!.id }),
    );
    // Around the client's own bookings, from the day asked (never before now).
    const query = api.callsTo('GET /slots')[0]!.query;
    expect(query.get('client')).toBe(CLIENT);
    expect(query.get('service')).toBe(SERVICE);
    expect(query.get('resource')).toBeNull();
    expect(Date.parse(query.get('from')!)).toBe(instantAt(`${tomorrow} 00:00`, ZONE).getTime());
  });
});
