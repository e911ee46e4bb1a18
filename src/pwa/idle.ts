/**
 * Automatic logoff (HIPAA) on shared and kiosk devices: after a quiet spell a
 * warning counts down the last 60 seconds, then the user is signed out. Pure
 * timing here (tests drive it with fake timers); the warning is IdleSignOut.
 */

export const IDLE_WARNING_MS = 60_000;

/** What counts as someone using the device. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export type IdlePhase = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

export function idlePhase(
  lastActivity: number,
  now: number,
  timeoutMs: number,
  warningMs = IDLE_WARNING_MS,
): IdlePhase {
  const left = lastActivity + timeoutMs - now;
  if (left <= 0) return { kind: 'expired' };
  if (left <= warningMs) return { kind: 'warning', secondsLeft: Math.ceil(left / 1000) };
  return { kind: 'active' };
}

function samePhase(a: IdlePhase, b: IdlePhase): boolean {
  if (a.kind === 'warning' && b.kind === 'warning') return a.secondsLeft === b.secondsLeft;
  return a.kind === b.kind;
}

/** Activity seen in other tabs of the app, and ours told to them. */
export interface ActivityChannel {
  post: (at: number) => void;
  subscribe: (listener: (at: number) => void) => () => void;
  close: () => void;
}

export const ACTIVITY_CHANNEL_NAME = 'thrive-activity';

/** A BroadcastChannel between the app's tabs; without one (old browsers) each tab counts only its own. */
export function openActivityChannel(name = ACTIVITY_CHANNEL_NAME): ActivityChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: (at) => channel.postMessage({ type: 'activity', at }),
    subscribe(listener) {
      const onMessage = (event: MessageEvent<unknown>) => {
        const data = event.data as { type?: unknown; at?: unknown } | null;
        if (data?.type === 'activity' && typeof data.at === 'number') listener(data.at);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

export interface IdleTimerOptions {
  timeoutMs: number;
  warningMs?: number;
  onChange: (phase: IdlePhase) => void;
  onExpire: () => void;
  channel?: ActivityChannel;
  now?: () => number;
  /** Our activity is told to other tabs at most this often, except during the warning. */
  shareEveryMs?: number;
}

export interface IdleTimer {
  /** Someone used this tab. */
  activity: () => void;
  stop: () => void;
}

/**
 * Checks once a second against the wall clock rather than trusting one long
 * timeout: a tablet that slept through its deadline signs out when it wakes.
 */
export function createIdleTimer({
  timeoutMs,
  warningMs = IDLE_WARNING_MS,
  onChange,
  onExpire,
  channel,
  now = Date.now,
  shareEveryMs = 5000,
}: IdleTimerOptions): IdleTimer {
  let lastActivity = now();
  let lastShared = 0;
  let phase: IdlePhase = { kind: 'active' };
  let stopped = false;

  const tick = () => {
    if (stopped) return;
    const next = idlePhase(lastActivity, now(), timeoutMs, warningMs);
    if (samePhase(phase, next)) return;
    phase = next;
    if (next.kind === 'expired') {
      stop();
      onChange(next);
      onExpire();
      return;
    }
    onChange(next);
  };

  const timer = setInterval(tick, 1000);
  const unsubscribe = channel?.subscribe((at) => {
    lastActivity = Math.max(lastActivity, Math.min(at, now()));
    tick();
  });

  function stop(): void {
    stopped = true;
    clearInterval(timer);
    unsubscribe?.();
  }

  return {
    activity() {
      if (stopped) return;
      const at = now();
      lastActivity = at;
      // During the warning every other tab must hear at once, or it signs out regardless.
      if (channel && (phase.kind === 'warning' || at - lastShared >= shareEveryMs)) {
        lastShared = at;
        channel.post(at);
      }
      tick();
    },
    stop,
  };
}
