import { describe, expect, it } from 'vitest';
import { parseAppointmentsSearch } from './search';

const CLINIC_ID = '6f0b1e5a-0000-4000-8000-000000000002';

describe('the schedule’s address', () => {
  it('keeps what is well formed and drops the rest', () => {
    expect(parseAppointmentsSearch({ clinic: CLINIC_ID, date: '2031-03-03', view: 'week', kind: 'sauna' })).toEqual({
      clinic: CLINIC_ID,
      date: '2031-03-03',
      view: 'week',
      kind: 'sauna',
    });
    expect(parseAppointmentsSearch({ clinic: 'nope', date: '3 March', view: 'month', kind: 'jacuzzi' })).toEqual({});
  });
});
