/**
 * Times at a clinic. The API carries instants (ISO 8601 with an offset); a
 * clinic's day, its opening hours and what its screens show are wall-clock
 * times in the clinic's IANA zone, which may be another zone than the
 * device's. These helpers convert between the two with the platform's own
 * zone data (Intl), the same on the server and in the browser.
 */

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS */
  time: string;
  /** ISO weekday: 1 Monday ... 7 Sunday. */
  weekday: number;
  /** Minutes east of UTC at that instant, e.g. 330 for Asia/Kolkata. */
  offsetMinutes: number;
}

/**
 * Device clocks drift: a time stamped by a device this far ahead of the server's clock (or, on a visit, before it
 * began) is still accepted as it is: an entry, a sign-off, a sample's time, a check's answer.
 */
export const CLOCK_TOLERANCE_MS = 10 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The offset (minutes east of UTC) of `timeZone` at `ms`, read from the platform's zone data. */
function offsetFromPlatform(ms: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) parts[part.type] = part.value;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * Offsets change only on whole quarter hours of UTC (every zone's transitions
 * fall on them), so one reading serves a quarter hour: a week's schedule of
 * thousands of times costs a few hundred readings instead of one per time.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();
const MAX_CACHED_OFFSETS = 50_000;

function offsetAt(ms: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetFromPlatform(Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS, timeZone);
    if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The wall clock in `timeZone` at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const offsetMinutes = offsetAt(instant.getTime(), timeZone);
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMinutes * 60_000);
  const day = local.getUTCDay();
  return {
    date: `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`,
    weekday: day === 0 ? 7 : day,
    offsetMinutes,
  };
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `instant` as ISO 8601 in the clinic's zone, e.g. 2026-05-12T10:00:00+05:30: the same instant, read as the clinic reads it. */
export function isoInZone(instant: Date, timeZone: string): string {
  const clock = wallClockAt(instant, timeZone);
  return `${clock.date}T${clock.time}${offsetText(clock.offsetMinutes)}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant at which the clock in `timeZone` shows `wallClock`
 * (`YYYY-MM-DD HH:MM[:SS]`). A time that the clock skips (a daylight-saving
 * gap) is read with the offset before the gap, i.e. as the later instant.
 */
export function instantAt(wallClock: string, timeZone: string): Date {
  const match = WALL_CLOCK.exec(wallClock);
  if (!match) throw new RangeError(`Not a wall-clock time: ${wallClock}`);
  const [, y, mo, d, h, mi, s] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  const shows = (instant: number) =>
    asUtc - instant === wallClockAt(new Date(instant), timeZone).offsetMinutes * 60_000;
  const first = asUtc - wallClockAt(new Date(asUtc), timeZone).offsetMinutes * 60_000;
  if (shows(first)) return new Date(first);
  const second = asUtc - wallClockAt(new Date(first), timeZone).offsetMinutes * 60_000;
  if (shows(second)) return new Date(second);
  // In a gap no instant shows that time: the later candidate is the one after the gap.
  return new Date(Math.max(first, second));
}

/** `YYYY-MM-DD` plus `days` (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** ISO weekday (1 Monday ... 7 Sunday) of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the week `date` falls in. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

/** `HH:MM:SS` (the contract's Duration) in minutes. */
export function durationMinutes(duration: string): number {
  const [h = 0, m = 0, s = 0] = duration.split(':').map(Number);
  return h * 60 + m + s / 60;
}

/** Minutes as the contract's Duration, `HH:MM:SS`. */
export function durationOf(minutes: number): string {
  const whole = Math.round(minutes * 60);
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** "Tue 12 May 2031" on the calendar of `timeZone`: the one style Thrive writes a day in. */
export function clinicDayText(instant: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant).replace(',', '');
}

/** "Tue 12 May 2031, 08:30" on the clock of `timeZone` (24-hour). */
export function clinicTimeText(instant: Date, timeZone: string): string {
  return `${clinicDayText(instant, timeZone)}, ${wallClockAt(instant, timeZone).time.slice(0, 5)}`;
}
