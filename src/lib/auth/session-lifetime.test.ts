import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, createSessionStore, type SessionState } from './session';
import { REFRESH_RETRY_MS, SESSION_REFRESH_MS, createSessionLifetime, type RefreshResult } from './session-lifetime';

const SIGNED_IN: SessionState = {
  authenticated: true,
  role: 'NURSE',
  username: '5f0c1c1e-1111-4222-8333-444455556666',
  email: 'nurse@thrive.test',
};

function setup(results: RefreshResult[] = []) {
  const session = createSessionStore(SIGNED_OUT);
  const refresh = vi.fn(() => Promise.resolve(results.shift() ?? 'refreshed'));
  const signOut = vi.fn(() => {
    session.set(SIGNED_OUT);
    return Promise.resolve();
  });
  const lifetime = createSessionLifetime({ session, refresh, signOut });
  const stop = lifetime.start();
  return { session, refresh, signOut, lifetime, stop };
}

describe('the session lifetime', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 50 minutes between refreshes', () => {
    expect(SESSION_REFRESH_MS).toBe(50 * 60 * 1000);
  });

  it('refreshes every 50 minutes while signed in, and not before', async () => {
    const { session, refresh } = setup();
    session.set(SIGNED_IN);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does not refresh while signed out, and stops on sign-out', async () => {
    const { session, refresh } = setup();
    await vi.advanceTimersByTimeAsync(3 * SESSION_REFRESH_MS);
    expect(refresh).not.toHaveBeenCalled();
    session.set(SIGNED_IN);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS / 2);
    session.set(SIGNED_OUT);
    await vi.advanceTimersByTimeAsync(3 * SESSION_REFRESH_MS);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('counts the 50 minutes from the last refresh, whoever made it', async () => {
    const { session, refresh, lifetime } = setup();
    session.set(SIGNED_IN);
    await vi.advanceTimersByTimeAsync(40 * 60 * 1000);
    lifetime.refreshed();
    await vi.advanceTimersByTimeAsync(40 * 60 * 1000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('signs out when the refresh is refused, after telling the listeners', async () => {
    const { session, signOut, lifetime } = setup(['refused']);
    const order: string[] = [];
    lifetime.onExpired(() => order.push(`expired while ${session.getSnapshot().authenticated ? 'in' : 'out'}`));
    signOut.mockImplementation(() => {
      order.push('sign-out');
      session.set(SIGNED_OUT);
      return Promise.resolve();
    });
    session.set(SIGNED_IN);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(order).toEqual(['expired while in', 'sign-out']);
    expect(session.getSnapshot()).toEqual(SIGNED_OUT);
  });

  it('keeps the session when the identity service cannot be reached, and tries again a minute later', async () => {
    const { session, refresh, signOut } = setup(['unreachable', 'refreshed']);
    session.set(SIGNED_IN);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(signOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(session.getSnapshot().authenticated).toBe(true);
  });

  it('treats a refresh that throws as unreachable', async () => {
    const { session, refresh, signOut } = setup();
    refresh.mockRejectedValueOnce(new Error('boom'));
    session.set(SIGNED_IN);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('expires once however many report it, and not at all while signed out', async () => {
    const { session, signOut, lifetime } = setup();
    const listener = vi.fn();
    lifetime.onExpired(listener);
    await lifetime.expire();
    expect(listener).not.toHaveBeenCalled();
    session.set(SIGNED_IN);
    await Promise.all([lifetime.expire(), lifetime.expire(), lifetime.expire()]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledTimes(1);
    // A new session can expire again.
    session.set(SIGNED_IN);
    await lifetime.expire();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('signs out even when a listener throws', async () => {
    const { session, signOut, lifetime } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    lifetime.onExpired(() => {
      throw new Error('listener failed');
    });
    session.set(SIGNED_IN);
    await lifetime.expire();
    expect(signOut).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('stops following the session when stopped', async () => {
    const { session, refresh, stop } = setup();
    session.set(SIGNED_IN);
    stop();
    await vi.advanceTimersByTimeAsync(2 * SESSION_REFRESH_MS);
    expect(refresh).not.toHaveBeenCalled();
  });
});
