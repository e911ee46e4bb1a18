// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_SETTINGS_KEY } from '@/pwa/device-mode';
import { TEST_SESSION_KEY } from '@/test/tokens';

const marks = vi.hoisted(() => [] as boolean[]);
vi.mock('@/pwa/locked-start', () => ({
  markLockedStart: (locked: boolean) => Promise.resolve(void marks.push(locked)),
}));

function leaveSession(storage: Storage): void {
  storage.setItem(`${TEST_SESSION_KEY}.LastAuthUser`, 'user-1');
  storage.setItem(`${TEST_SESSION_KEY}.user-1.refreshToken`, 'opaque');
}

/** A session source whose listeners the test calls, as a sign-in or sign-out would. */
function sessionSource() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A change, and the moment after it (what it tells the worker waits for the change to settle). */
    changed: async () => {
      listeners.forEach((listener) => listener());
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

// The device's settings are read once per page load: each case loads the modules afresh.
async function followLockedStart(session: ReturnType<typeof sessionSource>) {
  vi.resetModules();
  (await import('./locked-start-mark')).followLockedStart(session);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  marks.length = 0;
});

describe('the service worker is told whether the next start opens locked', () => {
  it('on a personal device: set at start with a saved session, cleared at its sign-out, set again at the next sign-in', async () => {
    leaveSession(localStorage);
    const session = sessionSource();
    await followLockedStart(session);
    expect(marks).toEqual([true]);

    await session.changed();
    expect(marks, 'told once per change, not per call').toEqual([true]);

    localStorage.clear();
    await session.changed();
    expect(marks).toEqual([true, false]);

    leaveSession(localStorage);
    await session.changed();
    expect(marks).toEqual([true, false, true]);
  });

  it('a start without a session clears a mark left behind', async () => {
    await followLockedStart(sessionSource());
    expect(marks).toEqual([false]);
  });

  it('never on a shared tablet, whose session lives in its tab, nor on a kiosk', async () => {
    for (const mode of ['shared', 'kiosk']) {
      localStorage.clear();
      sessionStorage.clear();
      marks.length = 0;
      localStorage.setItem(DEVICE_SETTINGS_KEY, JSON.stringify({ mode }));
      leaveSession(sessionStorage);
      const session = sessionSource();
      await followLockedStart(session);
      await session.changed();
      expect(marks, mode).toEqual([false]);
    }
  });
});

afterEach(() => vi.restoreAllMocks());
