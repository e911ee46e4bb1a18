import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdSpinner, spinnerMounted, spinnerShownSince } from './spinner-clock';

/** When `holdSpinner(150)` started at 0 resolves, with `setup` run first. */
async function resolvedAt(setup: () => void): Promise<number> {
  let at: number | undefined;
  const start = performance.now();
  void holdSpinner(150, new AbortController().signal).then(() => {
    at = performance.now() - start;
  });
  setup();
  await vi.runAllTimersAsync();
  return at!;
}

const unmounts: (() => void)[] = [];
const mountAt = (ms: number) => setTimeout(() => unmounts.push(spinnerMounted()), ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.useRealTimers();
});

describe('holdSpinner', () => {
  it('takes 150 ms when the spinner shows at once', async () => {
    expect(await resolvedAt(() => unmounts.push(spinnerMounted()))).toBe(150);
  });

  it('takes 150 ms when a spinner was already on screen', async () => {
    unmounts.push(spinnerMounted());
    vi.advanceTimersByTime(500);
    expect(await resolvedAt(() => undefined)).toBe(150);
  });

  it('keeps the spinner up for 150 ms when a busy device paints it 55 ms late', async () => {
    expect(await resolvedAt(() => mountAt(55))).toBe(205);
  });

  it('waits for a spinner not painted by the end of the 150 ms, then holds it for 150 ms', async () => {
    expect(await resolvedAt(() => mountAt(180))).toBe(330);
  });

  it('gives up on a spinner that never shows after a further 150 ms', async () => {
    expect(await resolvedAt(() => undefined)).toBe(300);
  });

  it('stops waiting when the navigation is cancelled', async () => {
    const controller = new AbortController();
    const waiting = holdSpinner(150, controller.signal);
    controller.abort(new Error('navigation cancelled'));
    await expect(waiting).rejects.toThrow('navigation cancelled');
  });
});

describe('spinnerShownSince', () => {
  it('is the newest spinner still on screen, and nothing once all are gone', () => {
    const first = spinnerMounted();
    vi.advanceTimersByTime(40);
    const second = spinnerMounted();
    expect(spinnerShownSince()).toBe(performance.now());
    second();
    expect(spinnerShownSince()).toBe(performance.now() - 40);
    first();
    expect(spinnerShownSince()).toBeUndefined();
  });
});
