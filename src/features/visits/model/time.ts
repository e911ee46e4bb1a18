import { dateFormat } from '@/lib/intl';

/**
 * Times at the bay are entered as a time of day on the visit's day, on the
 * device's own clock (the tablet is in the clinic), and kept as instants.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' of an instant on this device's clock. */
export function timeOfInstant(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : `${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The instant of 'HH:MM' on `day` (this device's clock). */
export function instantFromTime(day: Date, time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const at = new Date(day);
  at.setHours(hours, minutes, 0, 0);
  return at.toISOString();
}

/** Today on this device's clock, as YYYY-MM-DD (lots expiring before it are expired). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'HH:MM' of an instant, for lists of entries. */
export function clockTime(iso: string): string {
  return dateFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** 'Tue 24 Nov 2026, 10:32' */
export function dateTime(iso: string): string {
  return dateFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
