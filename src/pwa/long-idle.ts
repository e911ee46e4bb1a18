import type { SessionSource } from '@/lib/auth/session';

/**
 * Personal devices (a client's own phone) sign out after PERSONAL_IDLE_DAYS
 * without use. The identity service ends a client's session 30 days after
 * sign-in, but only a phone that goes online hears of it: counted here, on
 * the device, from its last use, it also ends a session on a phone kept
 * offline or left in a drawer.
 */

/**
 * Two weeks: longer than the gap between most program sessions (weekly), so a
 * client who opens Thrive around their visits is not asked to sign in each
 * time, and well inside the identity service's 30 days, so a lost or handed-on
 * phone does not stay signed in for a month.
 */
export const PERSONAL_IDLE_DAYS = 14;
export const PERSONAL_IDLE_MS = PERSONAL_IDLE_DAYS * 24 * 60 * 60 * 1000;

export const LAST_USED_KEY = 'thrive.lastUsed';

/** Use is recorded at most this often: a timestamp per hour is plenty against a limit in days. */
const RECORD_EVERY_MS = 60 * 60 * 1000;

/** Whether a device last used at `lastUsed` has been idle too long; never when no use was recorded yet. */
export function idleTooLong(lastUsed: number | null, now: number, limitMs = PERSONAL_IDLE_MS): boolean {
  return lastUsed !== null && now - lastUsed > limitMs;
}

function readLastUsed(storage: Storage): number | null {
  const value = Number(storage.getItem(LAST_USED_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export interface LongIdleOptions {
  session: SessionSource;
  signOut: () => Promise<void>;
  storage?: Storage;
  now?: () => number;
  limitMs?: number;
  events?: Pick<Window, 'addEventListener'>;
}

/**
 * At start: signs out a session whose device was idle too long (before
 * anything of it is shown), then records each use, and checks again every
 * hour for a page left open.
 */
export async function startLongIdleSignOut({
  session,
  signOut,
  storage = window.localStorage,
  now = Date.now,
  limitMs = PERSONAL_IDLE_MS,
  events = window,
}: LongIdleOptions): Promise<void> {
  const check = async () => {
    if (session.getSnapshot().authenticated && idleTooLong(readLastUsed(storage), now(), limitMs)) await signOut();
  };
  await check();
  let recorded = 0;
  const record = () => {
    if (now() - recorded < RECORD_EVERY_MS) return;
    recorded = now();
    storage.setItem(LAST_USED_KEY, String(recorded));
  };
  record();
  for (const name of ['pointerdown', 'keydown', 'visibilitychange'] as const) {
    events.addEventListener(name, record, { passive: true });
  }
  setInterval(() => void check(), RECORD_EVERY_MS);
}
