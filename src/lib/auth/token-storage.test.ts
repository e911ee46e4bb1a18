// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_SESSION_KEY } from '@/test/tokens';
import { forgetStoredIdTokens, withIdTokenInMemory } from './token-storage';

/** The device's localStorage as the identity SDK's key-value storage. */
const local = {
  setItem: (key: string, value: string) => Promise.resolve(localStorage.setItem(key, value)),
  getItem: (key: string) => Promise.resolve(localStorage.getItem(key)),
  removeItem: (key: string) => Promise.resolve(localStorage.removeItem(key)),
  clear: () => Promise.resolve(localStorage.clear()),
};

const user = `${TEST_SESSION_KEY}.user-1`;

beforeEach(() => localStorage.clear());

describe('the identity SDK’s storage, with the ID token in memory', () => {
  it('keeps the ID token and the sign-in details in memory and the other tokens in the storage given', async () => {
    const storage = withIdTokenInMemory(local);
    await storage.setItem(`${user}.idToken`, 'id.token.naming-ada@example.com');
    await storage.setItem(`${user}.signInDetails`, '{"loginId":"ada@example.com"}');
    await storage.setItem(`${user}.accessToken`, 'access.token');
    await storage.setItem(`${TEST_SESSION_KEY}.LastAuthUser`, 'user-1');

    expect(await storage.getItem(`${user}.idToken`)).toBe('id.token.naming-ada@example.com');
    expect(await storage.getItem(`${user}.accessToken`)).toBe('access.token');
    expect(Object.keys(localStorage).sort()).toEqual([`${TEST_SESSION_KEY}.LastAuthUser`, `${user}.accessToken`]);
    expect(JSON.stringify({ ...localStorage })).not.toContain('ada@example.com');
  });

  it('forgets the ID token at sign-out, and a reload (a new page) never had it', async () => {
    const page = withIdTokenInMemory(local);
    await page.setItem(`${user}.idToken`, 'id.token');
    await page.removeItem(`${user}.idToken`);
    expect(await page.getItem(`${user}.idToken`)).toBeNull();

    await withIdTokenInMemory(local).setItem(`${user}.idToken`, 'id.token');
    expect(await withIdTokenInMemory(local).getItem(`${user}.idToken`)).toBeNull();
  });

  it('takes away an ID token an earlier build left in storage, and nothing else', () => {
    localStorage.setItem(`${user}.idToken`, 'left by an earlier build');
    localStorage.setItem(`${user}.signInDetails`, '{"loginId":"ada@example.com"}');
    localStorage.setItem(`${user}.refreshToken`, 'refresh');
    localStorage.setItem('thrive.device', '{"mode":"personal"}');
    forgetStoredIdTokens(localStorage);
    expect(Object.keys(localStorage).sort()).toEqual([`${user}.refreshToken`, 'thrive.device']);
  });
});
