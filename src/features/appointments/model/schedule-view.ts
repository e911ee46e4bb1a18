import { weekdayOf } from '@contract';
import type { Clinic } from '@/features/clinics';
import { wallTime, type ClinicClock } from '@/lib/intl';
import type { ScheduleEntry } from './labels';

/** The hours to draw and where the day opens scrolled to, HH:mm:ss on the clinic's clock. */
export interface ScheduleHours {
  start: string;
  end: string;
}

function hourOf(time: string): number {
  return Number(time.slice(0, 2));
}

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

/** The hours to draw: the clinic's opening hours over the days shown, widened to take in every appointment. */
export function hoursShown(
  clinic: Pick<Clinic, 'opening_hours'>,
  clock: ClinicClock,
  days: string[],
  appointments: readonly Pick<ScheduleEntry, 'starts_at' | 'ends_at'>[],
): ScheduleHours {
  const weekdays = days.map(weekdayOf);
  const open = clinic.opening_hours.filter((entry) => weekdays.includes(entry.weekday));
  let start = Math.min(...open.map((entry) => hourOf(entry.opens)), 24);
  let end = Math.max(...open.map((entry) => hourOf(entry.closes) + (entry.closes.endsWith(':00') ? 0 : 1)), 0);
  for (const appointment of appointments) {
    start = Math.min(start, hourOf(wallTime(appointment.starts_at, clock)));
    const ends = wallTime(appointment.ends_at, clock);
    end = Math.max(end, ends === '00:00' ? 24 : hourOf(ends) + 1);
  }
  if (start >= end) [start, end] = [8, 18];
  return { start: pad(start), end: end >= 24 ? '23:59:59' : pad(end) };
}

/**
 * Where the schedule opens scrolled to, YYYY-MM-DD HH:mm:ss on the clinic's clock: when today is among the days
 * shown (the day view of today, or the week that holds it), today at the half hour before now (what is under way and
 * what comes next), within the hours drawn; otherwise the first hour drawn of the first day.
 */
export function scrollStartOf(
  hours: ScheduleHours,
  days: readonly string[],
  today: string,
  nowWallTime: string,
): string {
  const first = `${days[0] ?? today} ${hours.start}`;
  if (!days.includes(today)) return first;
  const [hour = 0, minute = 0] = nowWallTime.split(':').map(Number);
  const halfHours = Math.max(0, hour * 2 + (minute >= 30 ? 1 : 0) - 1);
  const target = `${String(Math.floor(halfHours / 2)).padStart(2, '0')}:${halfHours % 2 ? '30' : '00'}:00`;
  if (target < hours.start) return `${today} ${hours.start}`;
  if (target >= hours.end) {
    return `${today} ${hours.end.slice(0, 2) === '23' ? '23:00:00' : pad(Math.max(0, hourOf(hours.end) - 1))}`;
  }
  return `${today} ${target}`;
}
