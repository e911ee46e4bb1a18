// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, instantAt, isoInZone } from '@contract';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clockOf, todayOn } from '@/lib/intl';
import { installFakeApi, type FakeApi } from '@/test/fake-api';
import { testClinic } from '@/test/clinics';
import { renderWithProviders } from '@/test/render';
import type { Slot } from '../model/booking';
import { SlotPicker } from './SlotPicker';

const ZONE = 'Asia/Kolkata';
const SERVICE = '0b6c1f7e-2222-4333-8444-555566667777';
const RESOURCE = '9a1d2e3f-2222-4333-8444-555566667777';
const SLOW = { timeout: 10_000 };
const CLINIC = testClinic({ id: '1c2d3e4f-2222-4333-8444-555566667777', name: 'Thrive Bengaluru', time_zone: ZONE });

const today = todayOn(clockOf(ZONE));
/** The clinic's free times: none today or tomorrow, two on the third day, one on the fifth. */
const FREE = [
  [addDays(today, 2), '09:00'],
  [addDays(today, 2), '09:15'],
  [addDays(today, 4), '14:30'],
].map(([day, time]) => {
  const start = instantAt(`${day} ${time}`, ZONE);
  return {
    starts_at: isoInZone(start, ZONE),
    ends_at: isoInZone(new Date(start.getTime() + 15 * 60_000), ZONE),
    resource_id: RESOURCE,
  };
});

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi({
    'GET /slots': ({ query }) => {
      const from = Date.parse(query.get('from')!);
      const to = Date.parse(query.get('to')!);
      const results = FREE.filter((slot) => Date.parse(slot.starts_at) >= from && Date.parse(slot.starts_at) < to);
      return { time_zone: ZONE, duration: '00:15:00', results };
    },
  });
});

function Picker() {
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Slot | null>(null);
  return (
    <SlotPicker
      serviceId={SERVICE}
      clinic={CLINIC}
      day={day}
      onDayChange={setDay}
      chosen={chosen}
      onChoose={setChosen}
    />
  );
}

describe('the portal’s free times', () => {
  it('open on the first day with a free time, read in one request', SLOW, async () => {
    await renderWithProviders(<Picker />);
    const times = screen.getByRole('group', { name: /^Free times/ });
    expect(await within(times).findByRole('button', { name: '09:00' }, SLOW)).toBeTruthy();
    expect(
      within(times)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['09:00', '09:15']);
    expect(screen.getByLabelText<HTMLSelectElement>('Day').value).toBe(addDays(today, 2));
    expect(api.callsTo('GET /slots')).toHaveLength(1);
  });

  it('show the day the person chooses, and say when it has none', SLOW, async () => {
    await renderWithProviders(<Picker />);
    const times = screen.getByRole('group', { name: /^Free times/ });
    await within(times).findByRole('button', { name: '09:00' }, SLOW);
    await userEvent.selectOptions(screen.getByLabelText('Day'), addDays(today, 4));
    expect(await within(times).findByRole('button', { name: '14:30' }, SLOW)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Day'), addDays(today, 1));
    await waitFor(() => expect(times.textContent).toMatch(/No free times on .*\. Please choose another day\./), SLOW);
  });

  it('say so when the next two weeks have no free time', SLOW, async () => {
    api.on('GET /slots', () => ({ time_zone: ZONE, duration: '00:15:00', results: [] }));
    await renderWithProviders(<Picker />);
    const times = screen.getByRole('group', { name: /^Free times/ });
    await waitFor(() => expect(times.textContent).toContain('No free times in the next 14 days.'), SLOW);
    expect(screen.getByLabelText<HTMLSelectElement>('Day').value).toBe(today);
  });
});
