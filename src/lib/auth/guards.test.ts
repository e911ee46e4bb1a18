import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { decideAccess, requireAccess } from './guards';
import { SIGNED_OUT, createSessionStore, type SessionState } from './session';

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

  it('redirects to /login carrying the requested location', () => {
    const error = thrown(() => requireAccess(createSessionStore(), location, 'any-role'));
    expect(isRedirect(error)).toBe(true);
    expect(isRedirect(error) && error.options).toMatchObject({ to: '/login', search: { redirect: location.href } });
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
