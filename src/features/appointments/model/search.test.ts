import { describe, expect, it } from 'vitest';
import type { Clinic } from './labels';
import { parseAppointmentsSearch, pickClinic } from './search';
import { clinicWallClock, daySpan, waitedFor } from './time';

const bengaluru: Clinic = {
  id: '6f0b1e5a-0000-4000-8000-000000000001',
  name: 'Thrive Bengaluru',
  time_zone: 'Asia/Kolkata',
  opening_hours: [],
  phone: null,
  email: null,
  address: null,
};
const london: Clinic = {
  id: '6f0b1e5a-0000-4000-8000-000000000002',
  name: 'Thrive London',
  time_zone: 'Europe/London',
  opening_hours: [],
  phone: null,
  email: null,
  address: null,
};

describe('the schedule’s address', () => {
  it('keeps what is well formed and drops the rest', () => {
    expect(parseAppointmentsSearch({ clinic: london.id, date: '2031-03-03', view: 'week', kind: 'sauna' })).toEqual({
      clinic: london.id,
      date: '2031-03-03',
      view: 'week',
      kind: 'sauna',
    });
    expect(parseAppointmentsSearch({ clinic: 'nope', date: '3 March', view: 'month', kind: 'jacuzzi' })).toEqual({});
  });

  it('shows the clinic asked for, else the person’s own, else the first', () => {
    expect(pickClinic([bengaluru, london], london.id, 'Thrive Bengaluru')).toBe(london);
    expect(pickClinic([bengaluru, london], undefined, 'Thrive London')).toBe(london);
    expect(pickClinic([bengaluru, london], undefined, null)).toBe(bengaluru);
    expect(pickClinic([], undefined, null)).toBeNull();
  });
});

describe('the clinic’s clock on any device', () => {
  it('bounds a clinic day by the clinic’s midnights and places times by its wall clock', () => {
    expect(daySpan('2031-03-03', 1, 'Asia/Kolkata')).toEqual({
      from: '2031-03-02T18:30:00.000Z',
      to: '2031-03-03T18:30:00.000Z',
    });
    expect(clinicWallClock('2031-03-03T04:30:00Z', 'Asia/Kolkata')).toBe('2031-03-03 10:00:00');
    expect(clinicWallClock('2031-07-01T08:00:00Z', 'Europe/London')).toBe('2031-07-01 09:00:00');
  });

  it('says how long someone has waited', () => {
    const now = Date.parse('2031-03-03T10:00:00Z');
    expect(waitedFor('2031-03-03T09:48:00Z', now)).toBe('12 min');
    expect(waitedFor('2031-03-03T08:55:00Z', now)).toBe('1 h 5 min');
  });
});
