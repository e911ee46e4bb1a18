import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('when the page is idle', () => {
  it('asks the browser where it can tell', () => {
    const requestIdle = vi.fn(() => 7);
    const cancelIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdle);
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const run = () => {};
    const cancel = whenIdle(run, 5000);
    expect(requestIdle).toHaveBeenCalledWith(run, { timeout: 5000 });
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(7);
  });

  it('runs after a short timer in a browser without requestIdleCallback (Safari), and can be called off', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run, 5000);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);

    const never = vi.fn();
    whenIdle(never, 5000)();
    vi.runAllTimers();
    expect(never).not.toHaveBeenCalled();
  });
});
