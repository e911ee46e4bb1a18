/**
 * Group 1, the identity service: every sign-in challenge answered with
 * Sessions it never issued, with Sessions it issued to someone else or for
 * another challenge or app client, and with Sessions already used; made-up
 * refresh tokens; admin calls without the admin secret; and a role a client
 * writes into its own identity attributes. Each must give no tokens (and no
 * next step). The super admin they name is the probe's own (a demo account's
 * password stays as it was, whatever the service does), whose password must
 * be the one it was at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DEMO_CODE, demoAccount } from '../../demo/accounts.ts';
import { CHALLENGE_ANSWERS } from '../../identity/challenge-answers.ts';
import type { PasswordSignInAnswer } from '../../identity/client.ts';
import { ANSWERED, REFUSED, inTurns, type Account, type ProbeClient, type Verdict } from './client.ts';
import type { Fixtures } from './fixtures.ts';

const STAGE = 'identity';
type IdentityAnswer = PasswordSignInAnswer & { SecretCode?: string };

/** What a secure identity service answers a step it must refuse: an error, no tokens, no next step. */
function refusedWithoutTokens(answer: IdentityAnswer): Verdict {
  const refused = answer.status >= 400 && answer.status < 500 && !answer.AuthenticationResult && !answer.Session;
  return refused && !answer.SecretCode ? REFUSED : { expected: '4xx without tokens or a Session' };
}

/** Calls the identity service and judges the answer; `who` names the account the call is about. */
async function identityProbe(
  probe: ProbeClient,
  operation: string,
  body: Record<string, unknown>,
  who: string,
  judge: (answer: IdentityAnswer) => Verdict = refusedWithoutTokens,
): Promise<IdentityAnswer> {
  const answer = await probe.identity<IdentityAnswer>(STAGE, operation, body);
  probe.judged(STAGE, who, { method: 'POST', path: `identity ${operation}` }, answer.status, judge(answer));
  return answer;
}

/** Sessions the service never issued: a word, the emulator's own kind (a UUID), Cognito's kind, empty, none. */
function madeUpSessions(): (string | undefined)[] {
  return ['x', randomUUID(), randomBytes(96).toString('base64url'), '', undefined];
}

async function madeUpChallengeAnswers(probe: ProbeClient, target: Account): Promise<void> {
  const cases = madeUpSessions().flatMap((session) =>
    Object.entries(CHALLENGE_ANSWERS).flatMap(([challenge, answers]) =>
      [{}, answers].map((responses) => ({ session, challenge, responses })),
    ),
  );
  await inTurns(cases, 4, ({ session, challenge, responses }) =>
    identityProbe(
      probe,
      'RespondToAuthChallenge',
      {
        ChallengeName: challenge,
        ClientId: probe.target.clientId,
        Session: session,
        ChallengeResponses: { USERNAME: target.email, ...responses },
      },
      `${challenge} as a super admin, made-up Session`,
    ),
  );
  for (const session of madeUpSessions().slice(0, 3)) {
    await identityProbe(probe, 'AssociateSoftwareToken', { Session: session }, 'made-up Session');
    await identityProbe(probe, 'VerifySoftwareToken', { Session: session, UserCode: '123456' }, 'made-up Session');
  }
}

interface Issued {
  challenge: string;
  session: string;
}

/** A sign-in that stops at a challenge; null (and a note) when the account was asked none. */
async function issue(probe: ProbeClient, email: string, password: string): Promise<Issued | null> {
  const answer = await probe.passwordStep('setup', email, password);
  if (answer.ChallengeName && answer.Session) return { challenge: answer.ChallengeName, session: answer.Session };
  probe.recorder.note(`${email} was asked no challenge at sign-in (${answer.status}); its Sessions were not probed.`);
  return null;
}

function respond(issued: Issued, clientId: string, challenge: string, responses: Record<string, string>) {
  return { ChallengeName: challenge, ClientId: clientId, Session: issued.session, ChallengeResponses: responses };
}

/**
 * Issued Sessions of every challenge the demo accounts are asked (SMS_MFA, SOFTWARE_TOKEN_MFA,
 * NEW_PASSWORD_REQUIRED, MFA_SETUP): shown for another user, for another challenge, for another app client,
 * and again once used. None of them is ever answered rightly, except the SMS code (which changes nothing), so the
 * demo accounts keep their passwords and enrolments.
 */
async function issuedSessions(probe: ProbeClient, target: Account): Promise<void> {
  const clientId = probe.target.clientId;
  for (const email of ['sms@thrive.test', 'totp@thrive.test', 'newpass@thrive.test', 'totpsetup@thrive.test']) {
    const account = demoAccount(email);
    const answers = (challenge: string) => ({ USERNAME: account.email, ...CHALLENGE_ANSWERS[challenge] });
    const who = (what: string) => `${email}'s Session ${what}`;
    const stolen = await issue(probe, email, account.password);
    if (!stolen) continue;
    const { challenge } = stolen;
    const asSuper = { ...answers(challenge), USERNAME: target.email };
    await identityProbe(
      probe,
      'RespondToAuthChallenge',
      respond(stolen, clientId, challenge, asSuper),
      who('as a super admin'),
    );
    const other = challenge === 'SMS_MFA' ? 'SOFTWARE_TOKEN_MFA' : 'SMS_MFA';
    const wrongChallenge = await issue(probe, email, account.password);
    if (wrongChallenge) {
      const body = respond(wrongChallenge, clientId, other, answers(other));
      await identityProbe(probe, 'RespondToAuthChallenge', body, who(`for ${other}`));
    }
    const wrongClient = await issue(probe, email, account.password);
    if (wrongClient) {
      const body = respond(wrongClient, 'another-app-client', challenge, answers(challenge));
      await identityProbe(probe, 'RespondToAuthChallenge', body, who('for another app client'));
    }
    if (challenge !== 'MFA_SETUP') {
      const setup = await issue(probe, email, account.password);
      if (setup) await identityProbe(probe, 'AssociateSoftwareToken', { Session: setup.session }, who('to enrol'));
    }
  }
  // Used once, rightly: the SMS code (nothing changes), then the same Session again; and one spent on another user.
  const sms = demoAccount('sms@thrive.test');
  const used = await issue(probe, sms.email, sms.password);
  if (used) {
    const body = respond(used, clientId, used.challenge, { USERNAME: sms.email, SMS_MFA_CODE: DEMO_CODE });
    await identityProbe(probe, 'RespondToAuthChallenge', body, 'sms@thrive.test, the right code', (answer) =>
      answer.AuthenticationResult ? ANSWERED : { expected: 'tokens for the right code' },
    );
    await identityProbe(probe, 'RespondToAuthChallenge', body, "sms@thrive.test's used Session again");
  }
  const spent = await issue(probe, sms.email, sms.password);
  if (spent) {
    const onSuper = respond(spent, clientId, spent.challenge, { USERNAME: target.email, SMS_MFA_CODE: DEMO_CODE });
    await identityProbe(probe, 'RespondToAuthChallenge', onSuper, "sms@thrive.test's Session as a super admin");
    const asOwner = respond(spent, clientId, spent.challenge, { USERNAME: sms.email, SMS_MFA_CODE: DEMO_CODE });
    await identityProbe(probe, 'RespondToAuthChallenge', asOwner, "sms@thrive.test's Session spent on another user");
  }
  // A temporary password is checked before a new one is asked for.
  const newpass = demoAccount('newpass@thrive.test');
  await identityProbe(
    probe,
    'InitiateAuth',
    { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: newpass.email, PASSWORD: 'x' } },
    'newpass@thrive.test, a wrong temporary password',
  );
}

async function madeUpRefreshTokens(probe: ProbeClient): Promise<void> {
  const clientId = probe.target.clientId;
  for (const token of ['x', randomBytes(600).toString('base64url')]) {
    await identityProbe(probe, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: token }, 'anyone');
    const flow = { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: token } };
    await identityProbe(probe, 'InitiateAuth', flow, 'anyone');
  }
}

/** Admin calls are signed with the install's admin secret; without it, each is refused (on the probe's own account). */
async function unsignedAdminCalls(probe: ProbeClient, target: Account): Promise<void> {
  const pool = probe.target.userPoolId;
  const calls: [string, Record<string, unknown>][] = [
    ['ListUsers', { UserPoolId: pool }],
    ['AdminGetUser', { UserPoolId: pool, Username: target.id }],
    ['AdminSetUserPassword', { UserPoolId: pool, Username: target.id, Password: 'Taken!2026x', Permanent: true }],
    [
      'AdminUpdateUserAttributes',
      { UserPoolId: pool, Username: target.id, UserAttributes: [{ Name: 'custom:role', Value: 'SUPER_ADMIN' }] },
    ],
    [
      'AdminInitiateAuth',
      {
        UserPoolId: pool,
        ClientId: probe.target.clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: target.email, PASSWORD: target.password },
      },
    ],
  ];
  for (const [operation, body] of calls) await identityProbe(probe, operation, body, 'anyone, unsigned');
}

/**
 * A client writes SUPER_ADMIN into its own `custom:role` (whatever the identity service says to that) and signs in
 * again: the API takes roles from its own records, so the new token reaches nothing more.
 */
async function selfGivenRole(probe: ProbeClient, client: Account): Promise<void> {
  const { AccessToken } = await probe.tokensOf(client);
  await probe.identity(STAGE, 'UpdateUserAttributes', {
    AccessToken,
    UserAttributes: [{ Name: 'custom:role', Value: 'SUPER_ADMIN' }],
  });
  const again = await probe.signIn('setup', client.email, client.password);
  const token = again.AuthenticationResult?.AccessToken;
  if (!token) return probe.failSetup('POST', 'identity InitiateAuth', client.label, again.status, 'tokens');
  const who = { label: `${client.label}, custom:role SUPER_ADMIN`, token };
  for (const path of ['/users/users', '/users/audit-events', '/users/role-counts']) {
    await probe.refusal(STAGE, who, { method: 'GET', path });
  }
}

export async function probeIdentity(probe: ProbeClient, fixtures: Fixtures): Promise<void> {
  const target = fixtures.superAdminTarget;
  await madeUpChallengeAnswers(probe, target);
  await issuedSessions(probe, target);
  await madeUpRefreshTokens(probe);
  await unsignedAdminCalls(probe, target);
  await selfGivenRole(probe, fixtures.attacker.account);
  // Nothing above set the super admin's password: it signs in with its own.
  const signIn = await probe.signIn(STAGE, target.email, target.password);
  probe.judged(
    STAGE,
    target.label,
    { method: 'POST', path: 'identity InitiateAuth' },
    signIn.status,
    signIn.AuthenticationResult ? ANSWERED : { expected: 'tokens for its own password' },
  );
}
