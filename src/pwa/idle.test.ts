import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, idlePhase, type ActivityChannel, type IdlePhase } from './idle';

const MIN = 60_000;

describe('the idle phase', () => {
  it('is active, then a warning with the seconds left for the last minute, then expired', () => {
    expect(idlePhase(0, 13 * MIN, 15 * MIN)).toEqual({ kind: 'active' });
    expect(idlePhase(0, 14 * MIN, 15 * MIN)).toEqual({ kind: 'warning', secondsLeft: 60 });
    expect(idlePhase(0, 14 * MIN + 59_500, 15 * MIN)).toEqual({ kind: 'warning', secondsLeft: 1 });
    expect(idlePhase(0, 15 * MIN, 15 * MIN)).toEqual({ kind: 'expired' });
  });
});

/** Two tabs' channels joined to each other. */
function linkedChannels(): [ActivityChannel, ActivityChannel] {
  const listeners: [Set<(at: number) => void>, Set<(at: number) => void>] = [new Set(), new Set()];
  const make = (mine: 0 | 1): ActivityChannel => ({
    post: (at) => listeners[mine === 0 ? 1 : 0].forEach((l) => l(at)),
    subscribe(listener) {
      listeners[mine].add(listener);
      return () => listeners[mine].delete(listener);
    },
    close: () => listeners[mine].clear(),
  });
  return [make(0), make(1)];
}

describe('the idle timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns for the last 60 seconds with a countdown, then signs out once', () => {
    const phases: IdlePhase[] = [];
    const onExpire = vi.fn();
    createIdleTimer({ timeoutMs: 15 * MIN, onChange: (p) => phases.push(p), onExpire });
    vi.advanceTimersByTime(14 * MIN - 1000);
    expect(phases).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(phases.at(-1)).toEqual({ kind: 'warning', secondsLeft: 60 });
    vi.advanceTimersByTime(30_000);
    expect(phases.at(-1)).toEqual({ kind: 'warning', secondsLeft: 30 });
    vi.advanceTimersByTime(30_000);
    expect(phases.at(-1)).toEqual({ kind: 'expired' });
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * MIN);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('activity starts the quiet time again, also during the warning', () => {
    const phases: IdlePhase[] = [];
    const onExpire = vi.fn();
    const timer = createIdleTimer({ timeoutMs: 2 * MIN, onChange: (p) => phases.push(p), onExpire });
    vi.advanceTimersByTime(90_000);
    expect(phases.at(-1)?.kind).toBe('warning');
    timer.activity();
    expect(phases.at(-1)).toEqual({ kind: 'active' });
    vi.advanceTimersByTime(90_000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('a device that slept through its deadline signs out when it wakes', () => {
    const onExpire = vi.fn();
    createIdleTimer({ timeoutMs: 2 * MIN, onChange: vi.fn(), onExpire });
    // Timers stood still while the clock moved on.
    vi.setSystemTime(Date.now() + 10 * MIN);
    vi.advanceTimersByTime(1000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('activity in another tab counts', () => {
    const [tabA, tabB] = linkedChannels();
    const expiredA = vi.fn();
    const expiredB = vi.fn();
    createIdleTimer({ timeoutMs: 15 * MIN, onChange: vi.fn(), onExpire: expiredA, channel: tabA });
    const b = createIdleTimer({ timeoutMs: 15 * MIN, onChange: vi.fn(), onExpire: expiredB, channel: tabB });
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(5 * MIN);
      b.activity();
    }
    expect(expiredA).not.toHaveBeenCalled();
    vi.advanceTimersByTime(15 * MIN);
    expect(expiredA).toHaveBeenCalledTimes(1);
    expect(expiredB).toHaveBeenCalledTimes(1);
  });

  it('tells other tabs at most every few seconds, except during the warning', () => {
    const post = vi.fn();
    const channel: ActivityChannel = { post, subscribe: () => () => undefined, close: vi.fn() };
    const timer = createIdleTimer({ timeoutMs: 2 * MIN, onChange: vi.fn(), onExpire: vi.fn(), channel });
    timer.activity();
    timer.activity();
    vi.advanceTimersByTime(1000);
    timer.activity();
    expect(post).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    timer.activity();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('stops', () => {
    const onExpire = vi.fn();
    const timer = createIdleTimer({ timeoutMs: 2 * MIN, onChange: vi.fn(), onExpire });
    timer.stop();
    vi.advanceTimersByTime(10 * MIN);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
