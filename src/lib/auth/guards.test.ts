import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  GATE_SPINNER_MS,
  decideAccess,
  homeRedirect,
  passGate,
  requireAccess,
  requireOwnClientId,
  type GateOptions,
} from './guards';
import { SIGNED_OUT, createSessionStore, type SessionState } from './session';
import { spinnerMounted } from '@/lib/spinner-clock';

function signedIn(role: string | null): SessionState {
  return { authenticated: true, role, username: 'u-1', email: 'someone@thrive.test' };
}

describe('decideAccess', () => {
  it('sends a signed-out visitor to sign in', () => {
    expect(decideAccess(SIGNED_OUT, 'any-role')).toEqual({ kind: 'login' });
  });

  it('sends a signed-in user without a role, or with an unknown one, to unauthorized', () => {
    expect(decideAccess(signedIn(null), 'any-role')).toEqual({ kind: 'unauthorized' });
    expect(decideAccess(signedIn('JANITOR'), 'any-role')).toEqual({ kind: 'unauthorized' });
  });

  it('lets any known role through an any-role rule', () => {
    expect(decideAccess(signedIn('CLIENT'), 'any-role')).toEqual({
      kind: 'allow',
      user: { username: 'u-1', role: 'CLIENT', email: 'someone@thrive.test' },
    });
  });

  it('lets a listed role through and refuses an unlisted one', () => {
    const admins = { roles: ['ADMIN'] as const };
    expect(decideAccess(signedIn('ADMIN'), admins).kind).toBe('allow');
    expect(decideAccess(signedIn('NURSE'), admins)).toEqual({ kind: 'unauthorized' });
  });

  it('lets SUPER_ADMIN through every guard, listed or not', () => {
    expect(decideAccess(signedIn('SUPER_ADMIN'), { roles: [] }).kind).toBe('allow');
    expect(decideAccess(signedIn('SUPER_ADMIN'), { roles: ['CLIENT'] }).kind).toBe('allow');
  });
});

describe('requireAccess', () => {
  const location = { href: '/appointments?day=2026-01-05' };

  function thrown(run: () => unknown): unknown {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('expected a redirect');
  }

  it('does not carry / (where everyone starts anyway)', () => {
    const error = thrown(() => requireAccess(createSessionStore(), { href: '/' }, 'any-role'));
    expect(isRedirect(error) && error.options).toMatchObject({ to: '/login', search: {} });
  });

  it('redirects to /login carrying the requested location', () => {
    const error = thrown(() => requireAccess(createSessionStore(), location, 'any-role'));
    expect(isRedirect(error)).toBe(true);
    expect(isRedirect(error) && error.options).toMatchObject({ to: '/login', search: { redirect: location.href } });
  });

  it('sends a locked session (after a reload) to /unlock before any role check, carrying the location', () => {
    expect(decideAccess({ ...signedIn('NURSE'), locked: true }, 'any-role')).toEqual({ kind: 'unlock' });
    const error = thrown(() =>
      requireAccess(createSessionStore({ ...signedIn('NURSE'), locked: true }), location, { roles: ['ADMIN'] }),
    );
    expect(isRedirect(error) && error.options).toMatchObject({ to: '/unlock', search: { redirect: location.href } });
  });

  it('redirects to /unauthorized carrying the requested location', () => {
    const error = thrown(() => requireAccess(createSessionStore(signedIn('NURSE')), location, { roles: ['ADMIN'] }));
    expect(isRedirect(error) && error.options).toMatchObject({
      to: '/unauthorized',
      search: { redirect: location.href },
    });
  });

  it('returns the user when allowed', () => {
    expect(requireAccess(createSessionStore(signedIn('DOCTOR')), location, 'any-role')).toEqual({
      username: 'u-1',
      role: 'DOCTOR',
      email: 'someone@thrive.test',
    });
  });
});

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a redirect');
}

describe('passGate', () => {
  function gateOptions(session: SessionState, cause: GateOptions['cause'], gateShown?: boolean): GateOptions {
    return {
      context: { auth: createSessionStore(session), ...(gateShown === undefined ? {} : { gateShown }) },
      location: { href: '/hub' },
      cause,
      abortController: new AbortController(),
    };
  }

  it('waits 150 ms on entering a group, then lets a listed role in', async () => {
    const wait = vi.fn(() => Promise.resolve());
    const result = await passGate(gateOptions(signedIn('NURSE'), 'enter'), 'staff', wait);
    expect(wait).toHaveBeenCalledExactlyOnceWith(GATE_SPINNER_MS, expect.any(AbortSignal));
    expect(result).toMatchObject({ user: { role: 'NURSE' }, gateShown: true });
  });

  it('decides only after the wait, on the session as it is then', async () => {
    const auth = createSessionStore(SIGNED_OUT);
    const wait = vi.fn(() => {
      auth.set(signedIn('DOCTOR'));
      return Promise.resolve();
    });
    const options = { ...gateOptions(SIGNED_OUT, 'enter'), context: { auth } };
    await expect(passGate(options, 'staff', wait)).resolves.toMatchObject({ user: { role: 'DOCTOR' } });
  });

  it('redirects an unlisted role to /unauthorized after the wait', async () => {
    const order: string[] = [];
    const wait = vi.fn(() => {
      order.push('wait');
      return Promise.resolve();
    });
    const error = await rejectionOf(passGate(gateOptions(signedIn('ADMIN'), 'enter'), 'staff', wait));
    order.push('decided');
    expect(order).toEqual(['wait', 'decided']);
    expect(isRedirect(error) && error.options).toMatchObject({ to: '/unauthorized', search: { redirect: '/hub' } });
  });

  it('redirects a signed-out visitor to /login after the wait', async () => {
    const error = await rejectionOf(passGate(gateOptions(SIGNED_OUT, 'enter'), 'staff', () => Promise.resolve()));
    expect(isRedirect(error) && error.options).toMatchObject({ to: '/login', search: { redirect: '/hub' } });
  });

  it('does not wait again within a group, when an outer gate already waited, or for a preload', async () => {
    const wait = vi.fn(() => Promise.resolve());
    await passGate(gateOptions(signedIn('NURSE'), 'stay'), 'staff', wait);
    await passGate(gateOptions(signedIn('NURSE'), 'enter', true), 'staff', wait);
    await passGate(gateOptions(signedIn('NURSE'), 'preload'), 'staff', wait);
    expect(wait).not.toHaveBeenCalled();
  });

  it('reads the one role table: ADMIN is not staff, SUPER_ADMIN passes everything', async () => {
    const noWait = () => Promise.resolve();
    await expect(passGate(gateOptions(signedIn('ADMIN'), 'stay'), 'admin', noWait)).resolves.toBeTruthy();
    await expect(passGate(gateOptions(signedIn('ADMIN'), 'stay'), 'staff', noWait)).rejects.toSatisfy(isRedirect);
    for (const group of ['signed-in', 'client', 'staff', 'admin'] as const) {
      await expect(passGate(gateOptions(signedIn('SUPER_ADMIN'), 'stay'), group, noWait)).resolves.toBeTruthy();
    }
  });

  it('waits for real, with its spinner on screen, and stops waiting when the navigation is cancelled', async () => {
    vi.useFakeTimers();
    const unmountSpinner = spinnerMounted();
    try {
      const options = gateOptions(signedIn('NURSE'), 'enter');
      let settled = false;
      const passing = passGate(options, 'staff').then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(GATE_SPINNER_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await passing;
      expect(settled).toBe(true);

      const cancelled = gateOptions(signedIn('NURSE'), 'enter');
      const waiting = passGate(cancelled, 'staff');
      cancelled.abortController.abort();
      await expect(waiting).rejects.toBeInstanceOf(Error);
    } finally {
      unmountSpinner();
      vi.useRealTimers();
    }
  });
});

describe('homeRedirect', () => {
  it.each([
    ['NURSE', { href: '/hub' }],
    ['RECEPTION', { href: '/hub' }],
    ['DOCTOR', { href: '/hub' }],
    ['HEALTH_COACH', { href: '/hub' }],
    ['NUTRITIONIST', { href: '/hub' }],
    ['SUPER_ADMIN', { href: '/hub' }],
    ['ADMIN', { href: '/backoffice' }],
    ['CLIENT', { href: '/user/home/u-1' }],
  ] as const)('sends %s to %o', (role, target) => {
    expect(homeRedirect({ role, username: 'u-1' }).options).toMatchObject({ ...target, replace: true });
  });
});

describe('requireOwnClientId', () => {
  const client = { username: 'c-1', role: 'CLIENT' as const, email: null };
  const at = (clientId?: string) => [{ params: {} }, { params: clientId === undefined ? {} : { clientId } }];

  it('lets a client open their own id', () => {
    expect(thrownBy(() => requireOwnClientId(client, at('c-1')))).toBeUndefined();
  });

  it("takes a client on another client's id to their own home", () => {
    const error = thrownBy(() => requireOwnClientId(client, at('c-2')));
    expect(isRedirect(error) && error.options).toMatchObject({ href: '/user/home/c-1' });
  });

  it('leaves SUPER_ADMIN on any client', () => {
    const superAdmin = { username: 's-1', role: 'SUPER_ADMIN' as const, email: null };
    expect(thrownBy(() => requireOwnClientId(superAdmin, at('c-2')))).toBeUndefined();
  });
});
