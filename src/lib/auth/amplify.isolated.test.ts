import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The parts of Amplify the session side uses, replaced so each rule can be driven directly. */
const amplify = vi.hoisted(() => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(() => Promise.resolve()),
  hubListeners: [] as ((capsule: { payload: unknown }) => void)[],
}));

vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: amplify.fetchAuthSession, signOut: amplify.signOut }));
vi.mock('aws-amplify/utils', () => ({
  Hub: {
    listen: (_channel: string, listener: (capsule: { payload: unknown }) => void) => {
      amplify.hubListeners.push(listener);
      return () => amplify.hubListeners.splice(amplify.hubListeners.indexOf(listener), 1);
    },
  },
}));
vi.mock('./device-tokens', () => ({ readSavedSession: vi.fn() }));

const {
  SIGN_OUT_NETWORK_WAIT_MS,
  configureAuth,
  onSessionExpired,
  onSignOutEndServerSessions,
  refreshSession,
  signOut,
  signOutSettled,
} = await import('./amplify');
const { SIGNED_OUT, sessionStore } = await import('./session');

const USERNAME = '5f0c1c1e-1111-4222-8333-444455556666';

function tokens(role: string, access = 'new.access.token') {
  return {
    accessToken: { toString: () => access, payload: { username: USERNAME, token_use: 'access' } },
    idToken: { payload: { 'cognito:username': USERNAME, 'custom:role': role, email: 'nurse@thrive.test' } },
  };
}

function named(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

function hub(payload: unknown): void {
  for (const listener of [...amplify.hubListeners]) listener({ payload });
}

const SIGNED_IN = { authenticated: true, role: 'NURSE', username: USERNAME, email: 'nurse@thrive.test' };

beforeEach(() => {
  amplify.fetchAuthSession.mockReset();
  amplify.signOut.mockClear();
  configureAuth({
    userPoolId: 'ap-south-1_ThriveLocal',
    clientId: 'thrive-local-web-client',
    endpoint: undefined,
    authFlow: 'USER_PASSWORD_AUTH',
  });
  sessionStore.set(SIGNED_IN);
});

describe('refreshSession', () => {
  it('forces a refresh, resolves to the new access token and reads the new claims', async () => {
    amplify.fetchAuthSession.mockResolvedValue({ tokens: tokens('DOCTOR') });
    expect(await refreshSession()).toBe('new.access.token');
    expect(amplify.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(sessionStore.getSnapshot().role).toBe('DOCTOR');
  });

  it('resolves to undefined when the identity service refuses (Amplify then holds no tokens)', async () => {
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    expect(await refreshSession()).toBeUndefined();
    amplify.fetchAuthSession.mockRejectedValue(named('UserNotFoundException'));
    expect(await refreshSession()).toBeUndefined();
  });

  it('rejects when the identity service cannot be reached', async () => {
    const offline = named('NetworkError', 'A network error has occurred.');
    amplify.fetchAuthSession.mockRejectedValue(offline);
    await expect(refreshSession()).rejects.toBe(offline);
  });
});

describe('a failed token refresh', () => {
  it('tells the app, then signs out and forgets the tokens', async () => {
    const order: string[] = [];
    const stop = onSessionExpired(() => order.push('expired'));
    amplify.signOut.mockImplementationOnce(() => {
      order.push('sign-out');
      return Promise.resolve();
    });
    hub({
      event: 'tokenRefresh_failure',
      data: { error: named('NotAuthorizedException', 'Refresh Token has expired') },
    });
    await vi.waitFor(() => expect(sessionStore.getSnapshot()).toEqual(SIGNED_OUT));
    expect(order).toEqual(['expired', 'sign-out']);
    stop();
  });

  it('keeps the session when the device is offline', () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    hub({ event: 'tokenRefresh_failure', data: { error: named('NetworkError', 'A network error has occurred.') } });
    // The listener decides as the event arrives; expiring would have told the app at once.
    expect(expired).not.toHaveBeenCalled();
    stop();
    expect(amplify.signOut).not.toHaveBeenCalled();
    expect(sessionStore.getSnapshot().authenticated).toBe(true);
  });
});

describe('signOut', () => {
  it('signs out once for several callers and leaves the store signed out', async () => {
    await Promise.all([signOut(), signOut(), signOut()]);
    expect(amplify.signOut).toHaveBeenCalledTimes(1);
    expect(sessionStore.getSnapshot()).toEqual(SIGNED_OUT);
  });

  it('leaves the store signed out even when the identity service fails', async () => {
    amplify.signOut.mockRejectedValueOnce(named('NetworkError'));
    await expect(signOut()).rejects.toThrow();
    expect(sessionStore.getSnapshot()).toEqual(SIGNED_OUT);
  });
});

describe('signing out everywhere', () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    amplify.fetchAuthSession.mockResolvedValue({ tokens: tokens('NURSE', 'the.access.token') });
    amplify.signOut.mockImplementation((input?: { global?: boolean }) => {
      calls.push(input?.global ? 'identity: global sign-out' : 'identity: sign-out here');
      return Promise.resolve();
    });
    onSignOutEndServerSessions((accessToken) => {
      calls.push(`api: end sessions of ${accessToken}`);
      return Promise.resolve();
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    amplify.signOut.mockImplementation(() => Promise.resolve());
  });

  it('ends the sessions at the API, then signs out globally at the identity service', async () => {
    await signOut();
    expect(calls).toEqual(['api: end sessions of the.access.token', 'identity: global sign-out']);
    expect(sessionStore.getSnapshot()).toEqual(SIGNED_OUT);
  });

  it('tells the API when Sign out was pressed, before anything waited on the network', async () => {
    const pressedAt: number[] = [];
    onSignOutEndServerSessions((_token, pressed) => {
      pressedAt.push(pressed);
      return Promise.resolve();
    });
    // The token takes a while to come (a renewal): the press is still the moment signOut was called.
    amplify.fetchAuthSession.mockImplementation(
      () => new Promise((resolve) => setTimeout(() => resolve({ tokens: tokens('NURSE', 'the.access.token') }), 50)),
    );
    const before = Date.now();
    await signOut();
    expect(pressedAt).toHaveLength(1);
    expect(pressedAt[0]).toBeGreaterThanOrEqual(before);
    expect(pressedAt[0]).toBeLessThan(before + 40);
  });

  it('signs out globally even when the API refuses or cannot be reached', async () => {
    onSignOutEndServerSessions(() => Promise.reject(new TypeError('Failed to fetch')));
    await signOut();
    expect(calls).toEqual(['identity: global sign-out']);
    expect(sessionStore.getSnapshot()).toEqual(SIGNED_OUT);
  });

  it('offline, forgets the tokens here at once and asks nothing of the network', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await signOut();
    expect(calls).toEqual(['identity: sign-out here']);
    expect(amplify.fetchAuthSession).not.toHaveBeenCalled();
  });

  it('does not wait on a network that hangs, and a next sign-in waits for the late global sign-out', async () => {
    vi.useFakeTimers();
    let finishGlobal: () => void = () => undefined;
    onSignOutEndServerSessions(() => new Promise(() => undefined));
    amplify.signOut.mockImplementation((input?: { global?: boolean }) => {
      calls.push(input?.global ? 'identity: global sign-out' : 'identity: sign-out here');
      return input?.global ? new Promise<void>((resolve) => (finishGlobal = resolve)) : Promise.resolve();
    });
    const done = signOut();
    await vi.advanceTimersByTimeAsync(SIGN_OUT_NETWORK_WAIT_MS + 100);
    await done;
    expect(calls).toEqual(['identity: global sign-out', 'identity: sign-out here']);
    expect(sessionStore.getSnapshot()).toEqual(SIGNED_OUT);
    let settled = false;
    void signOutSettled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    finishGlobal();
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it('does not call the session expired when a refresh fails during a sign-out', async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    let release: () => void = () => undefined;
    onSignOutEndServerSessions(() => {
      calls.push('api');
      return new Promise<void>((resolve) => (release = resolve));
    });
    const done = signOut();
    await vi.waitFor(() => expect(calls).toEqual(['api']));
    hub({ event: 'tokenRefresh_failure', data: { error: named('NotAuthorizedException') } });
    release();
    await done;
    expect(expired).not.toHaveBeenCalled();
    stop();
  });
});
