/**
 * The one place a date or a time becomes text, and a time typed at a clinic
 * becomes an instant. Every time is read on a clinic's clock (its IANA zone
 * and its locale), never on the device's: a tablet set to UTC at Thrive
 * Bengaluru still shows an 11:00 session as 11:00. The arithmetic (wall
 * clocks, offsets, daylight saving) is the contract's, `openapi/clinic-time.ts`,
 * the same the server uses.
 *
 * One style everywhere, whatever the locale's punctuation: dates
 * "Tue 1 Dec 2026", times "14:05" on the 24-hour clock. The locale gives the
 * names of days and months and of the zone ("IST", "BST").
 */
import { CLOCK_TOLERANCE_MS, addDays, instantAt, wallClockAt } from '@contract';
import { DEFAULT_LOCALE, dateFormat } from './formats';
import { counted } from './numbers';

/** A clinic's clock: the zone its times are read in and the locale they are written in. */
export interface ClinicClock {
  readonly timeZone: string;
  readonly locale: string;
}

/** An instant: ISO 8601 text (as the API writes it), a Date, or milliseconds since the epoch. */
export type Instant = string | Date | number;

/** A clinic's locale, from its zone: one table, so a new clinic's zone is added here and nowhere else. */
const LOCALE_OF_ZONE: Readonly<Record<string, string>> = {
  'Asia/Kolkata': 'en-IN',
  'Asia/Calcutta': 'en-IN',
  'Europe/London': 'en-GB',
};

export function localeOfZone(timeZone: string): string {
  return LOCALE_OF_ZONE[timeZone] ?? DEFAULT_LOCALE;
}

const clocks = new Map<string, ClinicClock>();

/** The clock of a clinic in `timeZone` (the same object each time, so memoised screens keep theirs). */
export function clockOf(timeZone: string): ClinicClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = { timeZone, locale: localeOfZone(timeZone) };
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** When no clinic is known at all: UTC, so that a time is still never read on the device's own zone. */
export const UTC_CLOCK = clockOf('UTC');

function toDate(at: Instant): Date {
  return at instanceof Date ? at : new Date(at);
}

// ---- reading the clinic's clock -------------------------------------------------------------

/** Today's date at the clinic, `YYYY-MM-DD`. */
export function todayOn(clock: ClinicClock, now: Instant = Date.now()): string {
  return wallClockAt(toDate(now), clock.timeZone).date;
}

/** The clinic's date of an instant, `YYYY-MM-DD`. */
export function dateOn(at: Instant, clock: ClinicClock): string {
  return wallClockAt(toDate(at), clock.timeZone).date;
}

/** `HH:MM` on the clinic's clock: what a time input shows. Empty for an invalid instant. */
export function wallTime(at: Instant, clock: ClinicClock): string {
  const date = toDate(at);
  return Number.isNaN(date.getTime()) ? '' : wallClockAt(date, clock.timeZone).time.slice(0, 5);
}

const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What a time field says when what was typed is not a time. */
export const WALL_TIME_MESSAGE = 'Enter the time as HH:MM on the 24-hour clock, e.g. 14:05.';

/** Whether `text` is a time of day on the 24-hour clock, `HH:MM` (00:00 to 23:59). */
export function isWallTime(text: string): boolean {
  return WALL_TIME.test(text);
}

/** What a time field holds as it is typed: digits and a colon only; four digits read as `HH:MM`. */
export function wallTimeTyped(text: string): string {
  const kept = text.replace(/[^\d:]/g, '');
  return /^\d{4}$/.test(kept) ? `${kept.slice(0, 2)}:${kept.slice(2)}` : kept;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `YYYY-MM-DD` of a year, month (1-12) and day that exist together; null otherwise (31 Feb). */
function calendarDay(year: number, month: number, day: number): string | null {
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return at.toISOString().slice(0, 10);
}

/**
 * A date as typed at a clinic, `YYYY-MM-DD`, or null: "2026-12-01", "1/12/2026" (day first, as Bengaluru and
 * London write it) or "1 Dec 2026" (with or without the weekday).
 */
export function dayTyped(text: string): string | null {
  const typed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed);
  if (numeric) return calendarDay(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  const named = /^(?:[a-z]+,?\s+)?(\d{1,2})\s+([a-z]{3,})\.?,?\s+(\d{4})$/i.exec(typed);
  const month = named ? MONTHS.indexOf(named[2]!.slice(0, 3).toLowerCase()) : -1;
  return named && month >= 0 ? calendarDay(Number(named[3]), month + 1, Number(named[1])) : null;
}

/** `YYYY-MM-DD HH:MM:SS` on the clinic's clock: how the schedule grid places things. */
export function wallDateTime(at: Instant, clock: ClinicClock): string {
  const wall = wallClockAt(toDate(at), clock.timeZone);
  return `${wall.date} ${wall.time}`;
}

/**
 * The clinic's wall-clock reading at `at` as a Date whose local fields show it: for a component that places times by
 * their local fields (the schedule's grid), and parses a Date far faster than the same reading as text.
 */
export function wallClockDate(at: Instant, clock: ClinicClock): Date {
  const wall = wallClockAt(toDate(at), clock.timeZone);
  const [year, month, day] = wall.date.split('-').map(Number) as [number, number, number];
  const [hours, minutes, seconds] = wall.time.split(':').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, hours, minutes, seconds);
}

/** The instant (ISO, UTC) at which the clinic's clock shows `date` `time` (`HH:MM`). */
export function instantOn(date: string, time: string, clock: ClinicClock): string {
  return instantAt(`${date} ${time}`, clock.timeZone).toISOString();
}

/**
 * The instant a time of day typed for a visit names (vitals taken, a reaction): on the visit's day, or on a later
 * day up to today where the visit is still being charted then (a session past midnight, a chart finished the next
 * morning), the latest that is not later than now (beyond the clock tolerance the checks allow).
 */
export function entryInstant(visitDay: string, time: string, clock: ClinicClock, now: Date): string {
  const latest = now.getTime() + CLOCK_TOLERANCE_MS;
  let day = wallClockAt(now, clock.timeZone).date;
  if (day < visitDay) day = visitDay;
  while (day > visitDay && instantAt(`${day} ${time}`, clock.timeZone).getTime() > latest) day = addDays(day, -1);
  return instantOn(day, time, clock);
}

/** The instants bounding `days` days from `date`, midnight to midnight on the clinic's clock. */
export function daySpan(date: string, days: number, clock: ClinicClock): { from: string; to: string } {
  return { from: instantOn(date, '00:00', clock), to: instantOn(addDays(date, days), '00:00', clock) };
}

/** The part of the clinic's day, for a greeting. */
export function partOfDay(at: Instant, clock: ClinicClock): 'morning' | 'afternoon' | 'evening' {
  const hour = Number(wallClockAt(toDate(at), clock.timeZone).time.slice(0, 2));
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

// ---- writing dates and times ----------------------------------------------------------------

export interface DayStyle {
  /** 'short' "Tue" (the default), 'long' "Tuesday", or none. */
  weekday?: 'short' | 'long' | false;
  /** With the year (the default). */
  year?: boolean;
}

/**
 * A calendar date (`YYYY-MM-DD`, already the clinic's date, or a date with no
 * time such as a birthday) as "Tue 1 Dec 2026". No zone is involved.
 */
export function formatDay(date: string, style: DayStyle = {}, locale: string = DEFAULT_LOCALE): string {
  const { weekday = 'short', year = true } = style;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  const format = dateFormat(locale, {
    ...(weekday ? { weekday } : {}),
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
  for (const part of format.formatToParts(new Date(`${date}T12:00:00Z`))) parts[part.type] = part.value;
  return [parts.weekday, parts.day, parts.month, parts.year].filter(Boolean).join(' ');
}

/** The clinic's date of an instant, as "Tue 1 Dec 2026". */
export function formatDate(at: Instant, clock: ClinicClock, style: DayStyle = {}): string {
  return formatDay(dateOn(at, clock), style, clock.locale);
}

/** The clinic's time of an instant, "14:05". */
export function formatTime(at: Instant, clock: ClinicClock): string {
  return wallTime(at, clock);
}

/** "14:05–14:35" on the clinic's clock. */
export function formatTimeRange(from: Instant, to: Instant, clock: ClinicClock): string {
  return `${formatTime(from, clock)}–${formatTime(to, clock)}`;
}

/** A booking's time as a client reads it: "Tuesday 1 Dec 2026 at 11:00–12:00 (IST)". */
export function formatSession(from: Instant, to: Instant, clock: ClinicClock): string {
  return `${formatDate(from, clock, { weekday: 'long' })} at ${formatTimeRange(from, to, clock)} (${zoneName(clock, from)})`;
}

/** "Tue 1 Dec 2026, 14:05" on the clinic's clock. */
export function formatDateTime(at: Instant, clock: ClinicClock, style: DayStyle = {}): string {
  return `${formatDate(at, clock, style)}, ${formatTime(at, clock)}`;
}

/**
 * When something is, as staff say it: "today 10:00", "tomorrow 09:30",
 * "Sat 29 Nov 10:00", and "Sat 29 Nov 2027 10:00" in another year.
 */
export function formatWhen(at: Instant, clock: ClinicClock, now: Instant = Date.now()): string {
  const day = dateOn(at, clock);
  const today = todayOn(clock, now);
  const time = formatTime(at, clock);
  if (day === today) return `today ${time}`;
  if (day === addDays(today, 1)) return `tomorrow ${time}`;
  return `${formatDay(day, { year: day.slice(0, 4) !== today.slice(0, 4) }, clock.locale)} ${time}`;
}

/** The zone's short name at `at`, e.g. "IST", "GMT" or "BST", for saying which clock the times are on. */
export function zoneName(clock: ClinicClock, at: Instant = Date.now()): string {
  const part = dateFormat(clock.locale, { timeZone: clock.timeZone, timeZoneName: 'short' })
    .formatToParts(toDate(at))
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? clock.timeZone;
}

// ---- spans of time --------------------------------------------------------------------------

/** How long something has gone on: "4 min", "1 h 5 min". */
export function formatElapsed(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** How old something is: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${counted(Math.floor(hours / 24), 'day', 'days')} ago`;
}
