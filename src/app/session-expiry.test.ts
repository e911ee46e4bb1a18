import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, SessionExpiredError } from '@/lib/api';
import { SIGNED_OUT, createSessionStore, type SessionState } from '@/lib/auth/session';
import { SESSION_EXPIRED_ALERT, reactToSessionEnd } from './session-expiry';

const SIGNED_IN: SessionState = { authenticated: true, role: 'CLIENT', username: 'u-1', email: 'client@thrive.test' };

/** The app's reaction wired to a fake lib/auth that behaves like the real one: listeners first, then sign-out, once. */
function setup() {
  const session = createSessionStore(SIGNED_IN);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const order: string[] = [];
  const listeners = new Set<() => void>();
  let expiring: Promise<void> | undefined;
  const expireSession = vi.fn(() => {
    if (!session.getSnapshot().authenticated) return Promise.resolve();
    expiring ??= Promise.resolve().then(() => {
      for (const listener of listeners) listener();
      order.push('sign-out');
      session.set(SIGNED_OUT);
      expiring = undefined;
    });
    return expiring;
  });
  const alert = vi.fn((message: string) => order.push(`alert: ${message}`));
  const toLogin = vi.fn(() => {
    order.push('to /login');
    return Promise.resolve();
  });
  const events = new EventTarget();
  const stop = reactToSessionEnd({
    session,
    queryClient,
    toLogin,
    expireSession,
    onSessionExpired: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    alert,
    events,
  });
  return { session, queryClient, order, alert, toLogin, expireSession, events, stop };
}

describe('reactToSessionEnd', () => {
  it('alerts once, signs out and goes to /login when queries fail with an expired session', async () => {
    const { queryClient, order, alert } = setup();
    queryClient.setQueryData(['users', 'detail', 'u-1'], { cached: true });
    const failing = Array.from({ length: 10 }, (_, i) =>
      queryClient
        .query({ queryKey: ['q', i], queryFn: () => Promise.reject(new SessionExpiredError()) })
        .catch(() => undefined),
    );
    await Promise.all(failing);
    // The cached data is dropped last, once /login is reached.
    await vi.waitFor(() => expect(queryClient.getQueryData(['users', 'detail', 'u-1'])).toBeUndefined());
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Your session has expired. Please log in again.');
    expect(order).toEqual([`alert: ${SESSION_EXPIRED_ALERT}`, 'sign-out', 'to /login']);
  });

  it('reacts to a mutation that fails with an expired session', async () => {
    const { queryClient, alert } = setup();
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(new SessionExpiredError()) })
      .execute(undefined)
      .catch(() => undefined);
    await vi.waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
  });

  it('reacts to a stray rejected call outside the query cache', async () => {
    const { events, alert } = setup();
    const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), {
      reason: new SessionExpiredError(),
    });
    events.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
  });

  it('leaves other failures, a plain 401 included, to the screens', async () => {
    const { queryClient, alert, expireSession, toLogin } = setup();
    await queryClient
      .query({ queryKey: ['q'], queryFn: () => Promise.reject(new ApiError(401, null, 'Unauthorized')) })
      .catch(() => undefined);
    // The cache reports a failure as it happens: had it ended the session, that would have begun by now.
    expect(expireSession).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('goes to /login without an alert when the user signs out', async () => {
    const { session, alert, toLogin, queryClient } = setup();
    queryClient.setQueryData(['x'], 1);
    session.set(SIGNED_OUT);
    await vi.waitFor(() => expect(queryClient.getQueryData(['x'])).toBeUndefined());
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
  });

  it('does nothing on sign-in, and nothing after it is stopped', () => {
    const { session, toLogin, stop } = setup();
    // The session's listeners run as it changes.
    session.set(SIGNED_OUT);
    expect(toLogin).toHaveBeenCalledTimes(1);
    session.set(SIGNED_IN);
    stop();
    session.set(SIGNED_OUT);
    expect(toLogin).toHaveBeenCalledTimes(1);
  });
});
