/**
 * The suite's own sign-ins outlive no token: the files share the tokens they sign in for (their modules are
 * shared), and a whole run on a busy machine lasts longer than a token's 15 minutes. A kept token near its end is
 * replaced by a fresh sign-in before a request carries it.
 */
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessToken, api, idOf } from '../support/api-client.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the suite’s tokens', () => {
  it('keeps a token while it has time to live, and signs in again once it is near its end', async () => {
    const who = 'nurse';
    const first = await accessToken(who);
    expect(await accessToken(who)).toBe(first);

    // Only the suite's clock moves (timers and the network keep theirs): 14 of the token's 15 minutes later.
    const expiresAt = decodeJwt(first).exp! * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt - 60_000);
    const second = await accessToken(who);
    vi.useRealTimers();

    expect(second).not.toBe(first);
    expect(decodeJwt(second).exp! * 1000).toBeGreaterThanOrEqual(expiresAt);
    expect((await api('GET', `/users/users/${idOf(who)}`, { token: second })).status).toBe(200);
  });
});
