import { addDays, wallClockAt } from '@contract';
import { dateFormat } from '@/lib/intl';

/**
 * When an appointment is, on its clinic's clock, as staff say it: "today 10:00", "tomorrow 09:30",
 * "Sat 29 Nov 10:00", "Sat 29 Nov 2027 10:00" in another year.
 */
export function appointmentWhen(startsAt: string, timeZone: string, now: Date = new Date()): string {
  const at = wallClockAt(new Date(startsAt), timeZone);
  const today = wallClockAt(now, timeZone).date;
  const time = at.time.slice(0, 5);
  if (at.date === today) return `today ${time}`;
  if (at.date === addDays(today, 1)) return `tomorrow ${time}`;
  return `${dayOf(at.date, at.date.slice(0, 4) !== today.slice(0, 4))} ${time}`;
}

/** "Sat 29 Nov" (or with the year) for a `YYYY-MM-DD` date. */
export function dayOf(date: string, withYear = false): string {
  const day = dateFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  return withYear ? `${day} ${date.slice(0, 4)}` : day;
}

/** "22 Nov 2026" for an instant, on the device's calendar. */
export function dateOf(instant: string): string {
  return dateFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(instant));
}
