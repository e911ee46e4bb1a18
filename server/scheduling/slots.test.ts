import { describe, expect, it } from 'vitest';
import { instantAt, wallClockAt } from '@contract';
import { freeSlots, type SlotQuery } from './slots.ts';

const KOLKATA = 'Asia/Kolkata';
const LONDON = 'Europe/London';
const at = (wallClock: string, zone = KOLKATA) => instantAt(wallClock, zone);
const clock = (instant: Date, zone = KOLKATA) => {
  const wall = wallClockAt(instant, zone);
  return `${wall.date} ${wall.time.slice(0, 5)}`;
};

/** Monday 3 March 2031 at a clinic open 09:00 to 11:00 on weekdays, one room with 10 minutes' turnover. */
function query(overrides: Partial<SlotQuery> = {}): SlotQuery {
  return {
    clinic: {
      timeZone: KOLKATA,
      openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '11:00' })),
    },
    resources: [{ id: 'room-1', turnoverMinutes: 10 }],
    durationMinutes: 30,
    stepMinutes: 15,
    from: at('2031-03-03 00:00'),
    to: at('2031-03-04 00:00'),
    earliest: at('2031-03-01 00:00'),
    held: [],
    clientBusy: [],
    ...overrides,
  };
}

const starts = (q: SlotQuery, zone = KOLKATA) => freeSlots(q).map((slot) => clock(slot.start, zone).slice(11));

describe('free slots', () => {
  it('fill the opening hours on the quarter hour, each ending by closing time', () => {
    expect(starts(query())).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30']);
    const [first] = freeSlots(query());
    expect(first).toEqual({ start: at('2031-03-03 09:00'), end: at('2031-03-03 09:30'), resourceId: 'room-1' });
  });

  it('leave out a day the clinic is closed', () => {
    // Saturday 8 and Sunday 9 March: no opening hours.
    expect(freeSlots(query({ from: at('2031-03-08 00:00'), to: at('2031-03-10 00:00') }))).toEqual([]);
  });

  it('leave out booked time and the turnover after it, on both sides', () => {
    // Booked 09:45 to 10:15, held until 10:25 with the turnover.
    const held = [{ resourceId: 'room-1', start: at('2031-03-03 09:45'), occupiedUntil: at('2031-03-03 10:25') }];
    // 09:15 would end at 09:45 but keep the room until 09:55: it collides. 10:15 starts inside the turnover.
    expect(starts(query({ held }))).toEqual(['09:00', '10:30']);
  });

  it('fit back to back: a start exactly when the turnover ends', () => {
    const held = [{ resourceId: 'room-1', start: at('2031-03-03 09:00'), occupiedUntil: at('2031-03-03 09:30') }];
    expect(starts(query({ held, resources: [{ id: 'room-1', turnoverMinutes: 0 }] }))[0]).toBe('09:30');
  });

  it('offer a time while any resource is free, on the first free one in the clinic’s order', () => {
    const resources = [
      { id: 'room-1', turnoverMinutes: 10 },
      { id: 'room-2', turnoverMinutes: 10 },
    ];
    const held = [{ resourceId: 'room-1', start: at('2031-03-03 09:00'), occupiedUntil: at('2031-03-03 11:00') }];
    const slots = freeSlots(query({ resources, held }));
    expect(slots.map((slot) => slot.resourceId)).toEqual(slots.map(() => 'room-2'));
    expect(slots).toHaveLength(7);
    expect(freeSlots(query({ resources, held: [...held, { ...held[0]!, resourceId: 'room-2' }] }))).toEqual([]);
  });

  it('leave out times the client is booked elsewhere, but not the time after it', () => {
    const clientBusy = [{ start: at('2031-03-03 09:30'), end: at('2031-03-03 10:00') }];
    expect(starts(query({ clientBusy }))).toEqual(['09:00', '10:00', '10:15', '10:30']);
  });

  it('start no earlier than the booking lead, and only within the span asked', () => {
    expect(starts(query({ earliest: at('2031-03-03 09:50') }))).toEqual(['10:00', '10:15', '10:30']);
    expect(starts(query({ from: at('2031-03-03 10:00'), to: at('2031-03-03 10:30') }))).toEqual(['10:00', '10:15']);
    expect(freeSlots(query({ earliest: at('2031-03-04 00:00') }))).toEqual([]);
  });

  it('give nothing for a service longer than the day is open, or without a resource', () => {
    expect(freeSlots(query({ durationMinutes: 150 }))).toEqual([]);
    expect(freeSlots(query({ resources: [] }))).toEqual([]);
  });

  it('follow the clinic’s clock across a change to summer time', () => {
    // London moves its clocks forward on Sunday 30 March 2031 at 01:00; a clinic open 00:00 to 03:00 that night.
    const clinic = { timeZone: LONDON, openingHours: [{ weekday: 7, opens: '00:00', closes: '03:00' }] };
    const slots = freeSlots(
      query({
        clinic,
        durationMinutes: 60,
        stepMinutes: 30,
        from: at('2031-03-30 00:00', LONDON),
        to: at('2031-03-31 00:00', LONDON),
      }),
    );
    // 01:00 and 01:30 do not exist that night; an hour of service from 00:00 ends at 02:00 on the clock.
    expect(slots.map((slot) => clock(slot.start, LONDON).slice(11))).toEqual(['00:00', '00:30', '02:00']);
    expect(slots[0]!.end.getTime() - slots[0]!.start.getTime()).toBe(60 * 60_000);
  });

  it('span several days in the clinic’s zone, whatever zone the span was asked in', () => {
    const slots = freeSlots(query({ from: new Date('2031-03-03T00:00:00Z'), to: new Date('2031-03-05T00:00:00Z') }));
    const days = new Set(slots.map((slot) => clock(slot.start).slice(0, 10)));
    // 00:00Z is 05:30 in Kolkata: the mornings of the 3rd and the 4th, and none of the 5th (its 09:00 is after 00:00Z).
    expect([...days]).toEqual(['2031-03-03', '2031-03-04']);
  });
});
