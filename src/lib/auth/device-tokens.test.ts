// @vitest-environment happy-dom
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetSavedTokens, keepTokensForThisTabOnly, readSavedSession } from './device-tokens';
import { TEST_CLIENT_ID, TEST_SESSION_KEY, unsignedJwt } from '@/test/tokens';
import { TOKEN_KEY_PREFIX } from './token-keys';

const USER = '6f1c2b9e-demo-user';

/** A token as Amplify holds it once decoded. */
function decoded(claims: Record<string, string | number>) {
  const token = unsignedJwt(claims);
  return { payload: claims, toString: () => token };
}

/** What Amplify leaves in localStorage after someone signed in on a personal or shared device. */
function leaveSessionIn(storage: Storage): void {
  storage.setItem(`${TEST_SESSION_KEY}.LastAuthUser`, USER);
  storage.setItem(`${TEST_SESSION_KEY}.${USER}.accessToken`, unsignedJwt({ username: USER, exp: 4_000_000_000 }));
  storage.setItem(
    `${TEST_SESSION_KEY}.${USER}.idToken`,
    unsignedJwt({ 'cognito:username': USER, 'custom:role': 'CLIENT' }),
  );
  storage.setItem(`${TEST_SESSION_KEY}.${USER}.refreshToken`, 'opaque-refresh-token');
  storage.setItem(`${TEST_SESSION_KEY}.${USER}.clockDrift`, '0');
}

const identityKeys = (storage: Storage) => Object.keys(storage).filter((key) => key.startsWith(TOKEN_KEY_PREFIX));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  cognitoUserPoolsTokenProvider.setAuthConfig({
    Cognito: { userPoolId: 'ap-south-1_ThriveLocal', userPoolClientId: TEST_CLIENT_ID },
  });
});

describe('forgetSavedTokens', () => {
  it('deletes every identity key and nothing else', () => {
    leaveSessionIn(localStorage);
    localStorage.setItem('thrive.device', '{"mode":"kiosk"}');
    expect(forgetSavedTokens(localStorage)).toBe(5);
    expect(Object.keys(localStorage)).toEqual(['thrive.device']);
  });
});

describe('a kiosk at start-up', () => {
  it('keeps no identity token in localStorage, and does not carry the earlier session over', async () => {
    leaveSessionIn(localStorage);
    keepTokensForThisTabOnly();
    expect(identityKeys(localStorage)).toEqual([]);
    expect(identityKeys(sessionStorage)).toEqual([]);
    expect((await readSavedSession()).authenticated).toBe(false);
  });

  it('keeps the next sign-in’s tokens in this tab only', async () => {
    keepTokensForThisTabOnly();
    await cognitoUserPoolsTokenProvider.authTokenStore.storeTokens({
      username: USER,
      accessToken: decoded({ username: USER, exp: 4_000_000_000 }),
      idToken: decoded({ 'cognito:username': USER, 'custom:role': 'RECEPTION' }),
      refreshToken: 'opaque-refresh-token',
      clockDrift: 0,
    });
    expect(identityKeys(localStorage)).toEqual([]);
    expect(identityKeys(sessionStorage).length).toBeGreaterThan(0);
    expect(await readSavedSession()).toMatchObject({ authenticated: true, username: USER, role: 'RECEPTION' });
  });
});
