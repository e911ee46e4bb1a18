// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_SESSION_KEY, unsignedJwt } from '@/test/tokens';
import { savedSessionEmail } from './saved-session-email';

function leaveSession(storage: Storage, username: string, claims: object): void {
  storage.setItem(`${TEST_SESSION_KEY}.LastAuthUser`, username);
  storage.setItem(`${TEST_SESSION_KEY}.${username}.idToken`, unsignedJwt(claims));
  storage.setItem(`${TEST_SESSION_KEY}.${username}.refreshToken`, 'opaque');
}

beforeEach(() => localStorage.clear());

describe('the e-mail of the saved session, read before the identity SDK loads', () => {
  it('is the last user’s ID token’s e-mail', () => {
    leaveSession(localStorage, 'user-1', { email: 'zoë.müller@example.com', 'cognito:username': 'user-1' });
    expect(savedSessionEmail(localStorage)).toBe('zoë.müller@example.com');
  });

  it('is null without a session, without an ID token, or with a token that does not decode', () => {
    expect(savedSessionEmail(localStorage)).toBeNull();
    localStorage.setItem(`${TEST_SESSION_KEY}.LastAuthUser`, 'user-1');
    expect(savedSessionEmail(localStorage)).toBeNull();
    localStorage.setItem(`${TEST_SESSION_KEY}.user-1.idToken`, 'not.a-token!.at-all');
    expect(savedSessionEmail(localStorage)).toBeNull();
    localStorage.setItem(`${TEST_SESSION_KEY}.user-1.idToken`, unsignedJwt({ 'cognito:username': 'user-1' }));
    expect(savedSessionEmail(localStorage)).toBeNull();
  });

  it('is the last user’s, not an earlier user’s whose tokens are still there', () => {
    leaveSession(localStorage, 'user-1', { email: 'first@example.com' });
    leaveSession(localStorage, 'user-2', { email: 'second@example.com' });
    expect(savedSessionEmail(localStorage)).toBe('second@example.com');
  });
});
