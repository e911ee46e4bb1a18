// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_SESSION_KEY } from '@/test/tokens';
import { holdsSavedSession } from './saved-session';

beforeEach(() => localStorage.clear());

describe('a saved session, seen before the identity SDK loads', () => {
  it('is there when the last user’s tokens are', () => {
    localStorage.setItem(`${TEST_SESSION_KEY}.LastAuthUser`, 'user-1');
    localStorage.setItem(`${TEST_SESSION_KEY}.user-1.refreshToken`, 'opaque');
    expect(holdsSavedSession(localStorage)).toBe(true);
  });

  it('is not there without a last user, or when the last user’s tokens are gone', () => {
    expect(holdsSavedSession(localStorage)).toBe(false);
    localStorage.setItem(`${TEST_SESSION_KEY}.LastAuthUser`, 'user-1');
    expect(holdsSavedSession(localStorage)).toBe(false);
    localStorage.setItem(`${TEST_SESSION_KEY}.user-0.refreshToken`, 'an earlier user’s, left behind');
    expect(holdsSavedSession(localStorage)).toBe(false);
  });
});
