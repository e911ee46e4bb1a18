import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '@/lib/auth/session';
import { LAST_USED_KEY, PERSONAL_IDLE_DAYS, PERSONAL_IDLE_MS, idleTooLong, startLongIdleSignOut } from './long-idle';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

const events = { addEventListener: vi.fn() };
const signedIn = { authenticated: true, role: 'CLIENT', username: 'u-1', email: null };

describe('the long idle sign-out of a personal device', () => {
  it('is two weeks', () => {
    expect(PERSONAL_IDLE_DAYS).toBe(14);
    expect(idleTooLong(0 + 1, PERSONAL_IDLE_MS, PERSONAL_IDLE_MS)).toBe(false);
    expect(idleTooLong(1, PERSONAL_IDLE_MS + 2)).toBe(true);
    expect(idleTooLong(null, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('signs out at start a session whose device was not used for longer, and records this use', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const now = 100 * PERSONAL_IDLE_MS;
    storage.setItem(LAST_USED_KEY, String(now - PERSONAL_IDLE_MS - 1));
    const signOut = vi.fn(() => Promise.resolve());
    await startLongIdleSignOut({ session: createSessionStore(signedIn), signOut, storage, now: () => now, events });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(storage.getItem(LAST_USED_KEY)).toBe(String(now));
    vi.useRealTimers();
  });

  it('keeps a session used within the limit', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const now = 100 * PERSONAL_IDLE_MS;
    storage.setItem(LAST_USED_KEY, String(now - PERSONAL_IDLE_MS + 60_000));
    const signOut = vi.fn(() => Promise.resolve());
    await startLongIdleSignOut({ session: createSessionStore(signedIn), signOut, storage, now: () => now, events });
    expect(signOut).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
