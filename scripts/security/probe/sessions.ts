/**
 * Group 5, sessions that end: a client of the probe's own signs in on two
 * devices and signs out on one (POST /session/logout). Both devices' access
 * tokens are refused from then on; each refresh token either mints nothing or
 * mints a token the API refuses, before the identity service's global
 * sign-out (a device signing out offline) and after it. Tokens no identity
 * service issued (unsigned, or signed and then changed) are refused too.
 */
import { ANSWERED, REFUSED, type Account, type ApiRequest, type ProbeClient, type Verdict } from './client.ts';
import type { Fixtures } from './fixtures.ts';
import type { PasswordSignInAnswer } from '../../identity/client.ts';

const STAGE = 'sessions';

type Tokens = NonNullable<PasswordSignInAnswer['AuthenticationResult']>;

async function signIn(probe: ProbeClient, account: Account): Promise<Tokens> {
  const answer = await probe.signIn('setup', account.email, account.password);
  const tokens = answer.AuthenticationResult;
  if (!tokens?.RefreshToken) {
    return probe.failSetup('POST', 'identity InitiateAuth', account.label, answer.status, 'tokens');
  }
  return tokens;
}

/** What a signed-in client does with its token: read its profile, list its appointments, change its profile. */
function ownRequests(account: Account): ApiRequest[] {
  const profile = `/users/user-profiles/${account.id}`;
  return [
    { method: 'GET', path: profile },
    { method: 'GET', path: '/appointments' },
    { method: 'PATCH', path: profile, headers: { 'if-match': '"0"' }, body: { city: 'After sign-out' } },
  ];
}

/**
 * A refresh with a refresh token of an ended session: refused by the identity service, or whatever it mints is
 * refused by the API (401). Both ways the identity service is asked: Amplify's GetTokensFromRefreshToken and
 * InitiateAuth's REFRESH_TOKEN_AUTH.
 */
async function refreshGivesNothing(probe: ProbeClient, account: Account, refreshToken: string, when: string) {
  const clientId = probe.target.clientId;
  const calls: [string, Record<string, unknown>][] = [
    ['GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: refreshToken }],
    [
      'InitiateAuth',
      { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } },
    ],
  ];
  for (const [operation, body] of calls) {
    const refreshed = await probe.identity<PasswordSignInAnswer>(STAGE, operation, body);
    const minted = refreshed.AuthenticationResult?.AccessToken;
    const request = { method: 'POST', path: `identity ${operation}` };
    const who = `${account.label}, refresh ${when}`;
    if (!minted) {
      const verdict: Verdict = refreshed.status >= 400 && refreshed.status < 500 ? REFUSED : { expected: '4xx' };
      probe.judged(STAGE, who, request, refreshed.status, verdict);
      continue;
    }
    // Minted: the token must reach nothing.
    const [read] = ownRequests(account);
    await probe.refusal(STAGE, { label: `${who}, the token it minted`, token: minted }, read!, [401]);
  }
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An access token for the super admin that no identity service signed, and a real one changed to say so. */
function forgedTokens(probe: ProbeClient, fixtures: Fixtures, real: string): { label: string; token: string }[] {
  const now = Math.floor(Date.now() / 1000);
  const superAdmin = fixtures.staff.SUPER_ADMIN.id;
  const claims = {
    sub: superAdmin,
    username: superAdmin,
    token_use: 'access',
    client_id: probe.target.clientId,
    scope: 'aws.cognito.signin.user.admin',
    auth_time: now,
    iat: now,
    exp: now + 900,
    'custom:role': 'SUPER_ADMIN',
  };
  const [header, payload, signature] = real.split('.');
  const changed = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object), ...claims };
  return [
    {
      label: 'unsigned token (alg none) of the super admin',
      token: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`,
    },
    { label: "a client's token changed to the super admin's", token: `${header}.${base64url(changed)}.${signature}` },
  ];
}

export async function probeSessions(probe: ProbeClient, fixtures: Fixtures): Promise<void> {
  const leaver = fixtures.leaver;
  const phone = await signIn(probe, leaver);
  const laptop = await signIn(probe, leaver);
  const [read] = ownRequests(leaver);
  const signedIn = { label: `${leaver.label} on its phone`, token: phone.AccessToken };
  await probe.probe(STAGE, signedIn, read!, (answer) => (answer.status === 200 ? ANSWERED : { expected: '200' }));
  const logout = { method: 'POST', path: '/session/logout' };
  await probe.probe(STAGE, signedIn, logout, (answer) => (answer.status === 204 ? ANSWERED : { expected: '204' }));

  for (const [device, tokens] of [
    ['phone', phone],
    ['laptop', laptop],
  ] as const) {
    const oldToken = { label: `${leaver.label}, the ${device}'s token after sign-out`, token: tokens.AccessToken };
    for (const request of ownRequests(leaver)) await probe.refusal(STAGE, oldToken, request, [401]);
  }
  // The phone signed out offline: the identity service never heard of it.
  await refreshGivesNothing(probe, leaver, phone.RefreshToken!, 'after sign-out, before a global sign-out');
  // The laptop signs out at the identity service too, as the app does online.
  await probe.identity(STAGE, 'GlobalSignOut', { AccessToken: laptop.AccessToken });
  await refreshGivesNothing(probe, leaver, laptop.RefreshToken!, 'after a global sign-out');

  const { AccessToken } = await probe.tokensOf(fixtures.attacker.account);
  for (const forged of forgedTokens(probe, fixtures, AccessToken)) {
    await probe.refusal(STAGE, forged, { method: 'GET', path: '/users/users' }, [401]);
  }
}
