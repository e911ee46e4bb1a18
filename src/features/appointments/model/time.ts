/**
 * The schedule's clock: what the screens show is the clinic's wall clock, in
 * the clinic's zone, whatever zone the device is in.
 */
import { addDays, instantAt, mondayOf, wallClockAt } from '@contract';
import { dateFormat } from '@/lib/intl';

export { addDays, mondayOf };

/** Today's date on the clinic's clock. */
export function clinicToday(timeZone: string, now = new Date()): string {
  return wallClockAt(now, timeZone).date;
}

/** `YYYY-MM-DD HH:mm:ss` on the clinic's clock: how the schedule component places things. */
export function clinicWallClock(iso: string | Date, timeZone: string): string {
  const clock = wallClockAt(typeof iso === 'string' ? new Date(iso) : iso, timeZone);
  return `${clock.date} ${clock.time}`;
}

/** `HH:MM` on the clinic's clock. */
export function clinicTime(iso: string | Date, timeZone: string): string {
  return wallClockAt(typeof iso === 'string' ? new Date(iso) : iso, timeZone).time.slice(0, 5);
}

/** The instants that bound `days` days from `date` (midnight to midnight on the clinic's clock). */
export function daySpan(date: string, days: number, timeZone: string): { from: string; to: string } {
  return {
    from: instantAt(`${date} 00:00`, timeZone).toISOString(),
    to: instantAt(`${addDays(date, days)} 00:00`, timeZone).toISOString(),
  };
}

/** A wall-clock date and time at the clinic as the instant to send. */
export function instantOf(date: string, time: string, timeZone: string): string {
  return instantAt(`${date} ${time}`, timeZone).toISOString();
}

/** "Mon 3 Mar" for a `YYYY-MM-DD` date (no zone: it is already the clinic's date). */
export function dayLabel(date: string, options: Intl.DateTimeFormatOptions = {}): string {
  return dateFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
    ...options,
  }).format(new Date(`${date}T12:00:00Z`));
}

/** The zone's short name, e.g. "IST" or "GMT+5:30", for saying which clock the times are on. */
export function zoneAbbreviation(timeZone: string, at = new Date()): string {
  const part = dateFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** How long ago, in words: "4 min", "1 h 5 min". */
export function waitedFor(sinceIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
