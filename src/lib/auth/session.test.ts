import { describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, createSessionStore, sessionFromClaims } from './session';

describe('sessionFromClaims', () => {
  it('reads role, username and e-mail from the ID token', () => {
    expect(
      sessionFromClaims(
        {
          'cognito:username': '5f0c1c1e-1111-4222-8333-444455556666',
          'custom:role': 'NURSE',
          email: 'nurse@thrive.test',
          token_use: 'id',
        },
        undefined,
      ),
    ).toEqual({
      authenticated: true,
      role: 'NURSE',
      username: '5f0c1c1e-1111-4222-8333-444455556666',
      email: 'nurse@thrive.test',
    });
  });

  it('keeps role null for an account without a role claim', () => {
    expect(sessionFromClaims({ 'cognito:username': 'u-1' }, undefined).role).toBeNull();
    expect(sessionFromClaims({ 'cognito:username': 'u-1', 'custom:role': '' }, undefined).role).toBeNull();
  });

  it("falls back to the access token's username claim", () => {
    expect(sessionFromClaims({ 'custom:role': 'CLIENT' }, { username: 'u-2' }).username).toBe('u-2');
  });

  it('after a reload, without the ID token (kept in memory only), reads username and role from the access token', () => {
    expect(sessionFromClaims(undefined, { username: 'u-3', 'custom:role': 'DOCTOR', token_use: 'access' })).toEqual({
      authenticated: true,
      role: 'DOCTOR',
      username: 'u-3',
      email: null,
    });
  });

  it('is signed out without tokens or without a username', () => {
    expect(sessionFromClaims(undefined, undefined)).toBe(SIGNED_OUT);
    expect(sessionFromClaims({ 'custom:role': 'CLIENT' }, undefined)).toBe(SIGNED_OUT);
    expect(sessionFromClaims(undefined, { 'custom:role': 'CLIENT' })).toBe(SIGNED_OUT);
  });

  it('starts with role and username null', () => {
    expect(SIGNED_OUT).toEqual({ authenticated: false, role: null, username: null, email: null });
  });
});

describe('createSessionStore', () => {
  it('notifies subscribers of a change, and only of a real change', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const signedIn = { authenticated: true, role: 'CLIENT', username: 'u-1', email: null };
    store.set(signedIn);
    store.set({ ...signedIn });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(signedIn);
    unsubscribe();
    store.set(SIGNED_OUT);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('locks a signed-in person whose key this page does not hold, and unlocks when it does', () => {
    const store = createSessionStore();
    const unlocked = new Set<string>();
    const keyListeners = new Set<() => void>();
    store.locks(
      (username) => !unlocked.has(username),
      (listener) => {
        keyListeners.add(listener);
        return () => keyListeners.delete(listener);
      },
    );
    store.set({ authenticated: true, role: 'NURSE', username: 'u-1', email: null });
    expect(store.getSnapshot().locked).toBe(true);
    unlocked.add('u-1');
    keyListeners.forEach((listener) => listener());
    expect(store.getSnapshot().locked).toBe(false);
    store.set(SIGNED_OUT);
    expect(store.getSnapshot().locked ?? false).toBe(false);
  });
});
