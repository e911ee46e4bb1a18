// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { savedSessionEmail } from './saved-session-email';
import { TOKEN_KEY_PREFIX } from './token-keys';

const KEY = `${TOKEN_KEY_PREFIX}thrive-local-web-client`;

/** A token with these claims, its JSON in UTF-8 as the identity service encodes it (never checked here). */
function jwt(claims: object): string {
  const base64url = (json: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(json)))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${base64url('{"alg":"none"}')}.${base64url(JSON.stringify(claims))}.c2ln`;
}

function leaveSession(storage: Storage, username: string, claims: object): void {
  storage.setItem(`${KEY}.LastAuthUser`, username);
  storage.setItem(`${KEY}.${username}.idToken`, jwt(claims));
  storage.setItem(`${KEY}.${username}.refreshToken`, 'opaque');
}

beforeEach(() => localStorage.clear());

describe('the e-mail of the saved session, read before the identity SDK loads', () => {
  it('is the last user’s ID token’s e-mail', () => {
    leaveSession(localStorage, 'user-1', { email: 'zoë.müller@example.com', 'cognito:username': 'user-1' });
    expect(savedSessionEmail(localStorage)).toBe('zoë.müller@example.com');
  });

  it('is null without a session, without an ID token, or with a token that does not decode', () => {
    expect(savedSessionEmail(localStorage)).toBeNull();
    localStorage.setItem(`${KEY}.LastAuthUser`, 'user-1');
    expect(savedSessionEmail(localStorage)).toBeNull();
    localStorage.setItem(`${KEY}.user-1.idToken`, 'not.a-token!.at-all');
    expect(savedSessionEmail(localStorage)).toBeNull();
    localStorage.setItem(`${KEY}.user-1.idToken`, jwt({ 'cognito:username': 'user-1' }));
    expect(savedSessionEmail(localStorage)).toBeNull();
  });

  it('is the last user’s, not an earlier user’s whose tokens are still there', () => {
    leaveSession(localStorage, 'user-1', { email: 'first@example.com' });
    leaveSession(localStorage, 'user-2', { email: 'second@example.com' });
    expect(savedSessionEmail(localStorage)).toBe('second@example.com');
  });
});
