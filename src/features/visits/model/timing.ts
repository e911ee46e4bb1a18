/**
 * When an entry was made, as a chart and a record say it: the device's time
 * of the observation on the clinic's clock, and, where they differ by more
 * than a minute, when the server received it ("recorded offline at 14:11,
 * reached the server 14:42"); an entry from a device whose clock was more
 * than five minutes off the server's is flagged.
 */
import { CLOCK_FLAG_MS, type CheckClock, type components } from '@contract';
import { dateOn, formatDateTime, formatTime, todayOn, type ClinicClock } from '@/lib/intl';

type Attribution = components['schemas']['Attribution'];

/** What the chart's checks read of the time: today and now on the clinic's clock, and when the visit began (ISO). */
export function chartCheckClock(clock: ClinicClock, openedAt: string | null, now = new Date()): CheckClock {
  return { today: todayOn(clock, now), now, openedAt: openedAt ? new Date(openedAt) : null };
}

/** The device's time and the server's receipt are the same moment when this close. */
const SAME_MOMENT_MS = 60_000;

/** "7 min", "2 h 5 min": how far off a device's clock was. */
function offBy(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The device clock's flag, when it was more than five minutes off: "device clock 7 min slow". */
export function clockFlag(offsetMs: number | null | undefined): string | null {
  if (offsetMs === null || offsetMs === undefined || Math.abs(offsetMs) <= CLOCK_FLAG_MS) return null;
  // The offset is the server's clock minus the device's: positive, the device was behind.
  return `device clock ${offBy(offsetMs)} ${offsetMs > 0 ? 'slow' : 'fast'}`;
}

/** When the server received it, as a time, or with its date when that is another day at the clinic. */
function receivedAt(stamp: Pick<Attribution, 'at' | 'recorded_at'>, clock: ClinicClock): string {
  return dateOn(stamp.at, clock) === dateOn(stamp.recorded_at, clock)
    ? formatTime(stamp.at, clock)
    : formatDateTime(stamp.at, clock);
}

/**
 * "14:11", or "14:11 (recorded offline at 14:11, reached the server 14:42)", with the device clock's flag
 * after it when there is one.
 */
export function entryTime(stamp: Omit<Attribution, 'by'>, clock: ClinicClock): string {
  const recorded = formatTime(stamp.recorded_at, clock);
  const notes: string[] = [];
  // On the server's clock, when the device recorded it: a slow tablet online is not an entry made offline.
  const recordedOnServerClock = Date.parse(stamp.recorded_at) + (stamp.device_clock_offset_ms ?? 0);
  if (Math.abs(Date.parse(stamp.at) - recordedOnServerClock) > SAME_MOMENT_MS) {
    notes.push(`recorded offline at ${recorded}, reached the server ${receivedAt(stamp, clock)}`);
  }
  const flag = clockFlag(stamp.device_clock_offset_ms);
  if (flag) notes.push(flag);
  return notes.length === 0 ? recorded : `${recorded} (${notes.join('; ')})`;
}
