/**
 * Free times, computed from what the schedule holds right now: the clinic's
 * opening hours (in its zone), the resources that can take the service, each
 * resource's turnover, and the time already taken on each resource and by the
 * client. Nothing here is stored, so it cannot drift from the bookings; the
 * database's exclusion constraints still decide a booking made from it.
 *
 * A start is free when:
 * - it is on the step grid from opening time, at or after `earliest`, in [from, to);
 * - the service's length ends by closing time the same day;
 * - some resource has nothing booked from the start to the end plus the
 *   resource's turnover (a booking holds its resource until `occupiedUntil`,
 *   its end plus the turnover it was booked with): the same half-open ranges
 *   the resource constraint compares;
 * - the client is booked nowhere from the start to the end.
 */
import { addDays, instantAt, wallClockAt } from '@contract';

export interface SlotClinic {
  timeZone: string;
  /** ISO weekday (1 Monday ... 7 Sunday) -> wall-clock HH:MM; a missing weekday is closed. */
  openingHours: readonly { weekday: number; opens: string; closes: string }[];
}

export interface SlotResource {
  id: string;
  turnoverMinutes: number;
}

/** Time a resource is held: from the start of a booking to its end plus its turnover. */
export interface HeldTime {
  resourceId: string;
  start: Date;
  occupiedUntil: Date;
}

/** Time the client is booked elsewhere: from the start to the end of its own appointments. */
export interface BusyTime {
  start: Date;
  end: Date;
}

export interface SlotQuery {
  clinic: SlotClinic;
  /** In the order a booking should try them (the clinic's order). */
  resources: readonly SlotResource[];
  durationMinutes: number;
  stepMinutes: number;
  from: Date;
  to: Date;
  /** No start before this (now plus the booking lead). */
  earliest: Date;
  held: readonly HeldTime[];
  clientBusy: readonly BusyTime[];
}

export interface FreeSlot {
  start: Date;
  end: Date;
  resourceId: string;
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) => aStart < bEnd && bStart < aEnd;

function minutesOfClock(clock: string): number {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
}

function clockOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function freeSlots(query: SlotQuery): FreeSlot[] {
  const { clinic, resources, durationMinutes, stepMinutes } = query;
  const lengthMs = durationMinutes * 60_000;
  const firstStart = Math.max(query.from.getTime(), query.earliest.getTime());
  const lastStart = query.to.getTime();
  if (resources.length === 0 || firstStart >= lastStart || lengthMs <= 0 || stepMinutes <= 0) return [];

  const heldBy = new Map<string, HeldTime[]>();
  for (const item of query.held) {
    const list = heldBy.get(item.resourceId) ?? [];
    list.push(item);
    heldBy.set(item.resourceId, list);
  }
  const resourceFree = (resource: SlotResource, start: number, end: number) =>
    !(heldBy.get(resource.id) ?? []).some((item) =>
      overlaps(start, end + resource.turnoverMinutes * 60_000, item.start.getTime(), item.occupiedUntil.getTime()),
    );
  const clientFree = (start: number, end: number) =>
    !query.clientBusy.some((item) => overlaps(start, end, item.start.getTime(), item.end.getTime()));

  const slots: FreeSlot[] = [];
  // Every clinic day that may hold a start in the span (a day either side covers any zone's offset).
  let day = addDays(wallClockAt(new Date(firstStart), clinic.timeZone).date, -1);
  const lastDay = addDays(wallClockAt(new Date(lastStart), clinic.timeZone).date, 1);
  for (; day <= lastDay; day = addDays(day, 1)) {
    const weekday = wallClockAt(instantAt(`${day} 12:00`, clinic.timeZone), clinic.timeZone).weekday;
    const hours = clinic.openingHours.find((entry) => entry.weekday === weekday);
    if (!hours) continue;
    const opens = minutesOfClock(hours.opens);
    const closes = instantAt(`${day} ${hours.closes}`, clinic.timeZone).getTime();
    for (let minute = opens; minute < minutesOfClock(hours.closes); minute += stepMinutes) {
      const start = instantAt(`${day} ${clockOfMinutes(minute)}`, clinic.timeZone).getTime();
      // A wall-clock time the clock skipped (a daylight-saving gap) is not a time the clinic shows.
      if (wallClockAt(new Date(start), clinic.timeZone).time.slice(0, 5) !== clockOfMinutes(minute)) continue;
      const end = start + lengthMs;
      if (end > closes) break;
      if (start < firstStart || start >= lastStart) continue;
      if (!clientFree(start, end)) continue;
      const resource = resources.find((candidate) => resourceFree(candidate, start, end));
      if (resource) slots.push({ start: new Date(start), end: new Date(end), resourceId: resource.id });
    }
  }
  return slots;
}
