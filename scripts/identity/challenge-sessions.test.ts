/**
 * The identity service answers a sign-in challenge only with a Session it
 * issued: for that challenge, that user and that app client, once, within 3
 * minutes. cognito-local alone checks none of it (a made-up Session with a
 * USERNAME gave that user's tokens). Time is moved on a second proxy's clock.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CODE, DEMO_TOTP_SECRET, demoAccount, type DemoAccount } from '../demo/accounts.ts';
import { writeMfaSetupUsernames } from './files.ts';
import { CHALLENGE_ANSWERS } from './challenge-answers.ts';
import { emulatorTotpSecret } from './seed.ts';
import {
  cognitoCall,
  editPoolUser,
  startTestIdentity,
  totpCode,
  type SignInAnswer,
  type TestIdentity,
} from './test-support.ts';

const INVALID_SESSION = {
  status: 400,
  json: { __type: 'NotAuthorizedException', message: 'Invalid session for the user.' },
};
const EXPIRED_SESSION = {
  status: 400,
  json: { __type: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' },
};
const LOCKED = { status: 400, json: { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' } };
const CHALLENGE_LIFETIME_MS = 3 * 60 * 1000;

const SUPER = demoAccount('super@thrive.test');
const SMS = demoAccount('sms@thrive.test');
const TOTP = demoAccount('totp@thrive.test');
/** Enrolled for both SMS and an authenticator app, so asked to choose (SELECT_MFA_TYPE). */
const BOTH = demoAccount('nurse3@thrive.test');

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startTestIdentity({
    beforeStart: (config) =>
      editPoolUser(config, BOTH, (user) => {
        user.Attributes.push({ Name: 'phone_number', Value: '+15555550199' });
        user.MFAOptions = [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }];
        user.SoftwareTokenMfaConfiguration = { Secret: emulatorTotpSecret(DEMO_TOTP_SECRET), Verified: true };
        user.UserMFASettingList = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'];
      }),
  });
}, 30_000);

afterAll(async () => {
  await identity?.stop();
});

function respond(body: object, url = identity.service.url) {
  return cognitoCall(url, 'RespondToAuthChallenge', { ClientId: identity.config.clientId, ...body });
}

/** A sign-in that stops at a challenge: its name and Session. */
async function challengeOf(account: DemoAccount, url?: string): Promise<{ name: string; session: string }> {
  const answer = await identity.signIn(account.email, account.password, url);
  const { ChallengeName, Session } = answer.json as SignInAnswer;
  expect(ChallengeName, account.email).toBeTruthy();
  return { name: ChallengeName!, session: Session! };
}

/** An authenticator code that is not the current one. */
function wrongCode(secret: string): string {
  return String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
}

function hasTokens(answer: { status: number; json: unknown }): boolean {
  return answer.status === 200 && (answer.json as SignInAnswer).AuthenticationResult?.AccessToken !== undefined;
}

describe('made-up sessions', () => {
  it('gives no tokens for any challenge, and sets no password', async () => {
    // 'x', the emulator's own kind of Session (a UUID), an empty one, and none.
    for (const session of ['x', randomUUID(), '', undefined]) {
      for (const [challenge, answers] of Object.entries(CHALLENGE_ANSWERS)) {
        for (const responses of [{}, answers]) {
          const answer = await respond({
            ChallengeName: challenge,
            Session: session,
            ChallengeResponses: { USERNAME: SUPER.email, ...responses },
          });
          expect(answer, `${challenge} with Session ${String(session)}`).toEqual(INVALID_SESSION);
        }
      }
    }
    expect(hasTokens(await identity.signIn(SUPER.email, SUPER.password))).toBe(true);
  });

  it('sets up no authenticator app', async () => {
    for (const session of ['x', randomUUID()]) {
      expect(await cognitoCall(identity.service.url, 'AssociateSoftwareToken', { Session: session })).toEqual(
        INVALID_SESSION,
      );
      const verify = { Session: session, UserCode: '123456' };
      expect(await cognitoCall(identity.service.url, 'VerifySoftwareToken', verify)).toEqual(INVALID_SESSION);
    }
  });
});

describe('issued sessions', () => {
  it('answer once', async () => {
    const { name, session } = await challengeOf(SMS);
    expect(name).toBe('SMS_MFA');
    const answer = {
      ChallengeName: 'SMS_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: SMS.email, SMS_MFA_CODE: DEMO_CODE },
    };
    expect(hasTokens(await respond(answer))).toBe(true);
    expect(await respond(answer)).toEqual(INVALID_SESSION);
  });

  it('live 3 minutes from their issue', async () => {
    let now = Date.now();
    const url = await identity.proxyWithClock(() => now);
    const answer = (session: string) =>
      respond(
        {
          ChallengeName: 'SMS_MFA',
          Session: session,
          ChallengeResponses: { USERNAME: SMS.email, SMS_MFA_CODE: DEMO_CODE },
        },
        url,
      );
    const inTime = await challengeOf(SMS, url);
    now += CHALLENGE_LIFETIME_MS - 1;
    expect(hasTokens(await answer(inTime.session))).toBe(true);
    const late = await challengeOf(SMS, url);
    now += CHALLENGE_LIFETIME_MS;
    expect(await answer(late.session)).toEqual(EXPIRED_SESSION);
    // Expired is spent: not even the same answer again.
    expect(await answer(late.session)).toEqual(INVALID_SESSION);
  });

  it('answer only for their own user, who may be named by e-mail in any case or by username', async () => {
    const stolen = await challengeOf(SMS);
    const asSuper = {
      ChallengeName: 'SMS_MFA',
      Session: stolen.session,
      ChallengeResponses: { USERNAME: SUPER.email },
    };
    expect(await respond(asSuper)).toEqual(INVALID_SESSION);
    // Shown for another user, the Session is spent.
    const asOwner = { ...asSuper, ChallengeResponses: { USERNAME: SMS.email, SMS_MFA_CODE: DEMO_CODE } };
    expect(await respond(asOwner)).toEqual(INVALID_SESSION);

    for (const username of [` ${SMS.email.toUpperCase()} `, SMS.id]) {
      const { session } = await challengeOf(SMS);
      const answer = await respond({
        ...asOwner,
        Session: session,
        ChallengeResponses: { USERNAME: username, SMS_MFA_CODE: DEMO_CODE },
      });
      expect(hasTokens(answer), username).toBe(true);
    }
  });

  it('lead from SELECT_MFA_TYPE to the chosen challenge under a new Session', async () => {
    const select = await challengeOf(BOTH);
    expect(select.name).toBe('SELECT_MFA_TYPE');
    const choose = {
      ChallengeName: 'SELECT_MFA_TYPE',
      Session: select.session,
      ChallengeResponses: { USERNAME: BOTH.email, ANSWER: 'SMS_MFA' },
    };
    const chosen = await respond(choose);
    expect(chosen).toMatchObject({ status: 200, json: { ChallengeName: 'SMS_MFA' } });
    const { Session } = chosen.json as SignInAnswer;
    expect(Session).not.toBe(select.session);
    expect(await respond(choose)).toEqual(INVALID_SESSION);
    const code = {
      ChallengeName: 'SMS_MFA',
      Session,
      ChallengeResponses: { USERNAME: BOTH.email, SMS_MFA_CODE: DEMO_CODE },
    };
    expect(hasTokens(await respond(code))).toBe(true);
  });

  it('answer only their own challenge, and only for their own app client', async () => {
    for (const [challenge, answers] of Object.entries(CHALLENGE_ANSWERS)) {
      if (challenge === 'SOFTWARE_TOKEN_MFA') continue;
      const { name, session } = await challengeOf(TOTP);
      expect(name).toBe('SOFTWARE_TOKEN_MFA');
      const answer = await respond({
        ChallengeName: challenge,
        Session: session,
        ChallengeResponses: { USERNAME: TOTP.email, ...answers },
      });
      expect(answer, challenge).toEqual(INVALID_SESSION);
    }
    for (const operation of ['AssociateSoftwareToken', 'VerifySoftwareToken']) {
      const { session } = await challengeOf(TOTP);
      expect(await cognitoCall(identity.service.url, operation, { Session: session, UserCode: '123456' })).toEqual(
        INVALID_SESSION,
      );
    }
    const { session } = await challengeOf(TOTP);
    const otherClient = await cognitoCall(identity.service.url, 'RespondToAuthChallenge', {
      ClientId: 'another-app-client',
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: TOTP.email, SOFTWARE_TOKEN_MFA_CODE: totpCode(DEMO_TOTP_SECRET) },
    });
    expect(otherClient).toEqual(INVALID_SESSION);
    // The password is still the one it was.
    expect((await challengeOf(TOTP)).name).toBe('SOFTWARE_TOKEN_MFA');
  });
});

describe('MFA_SETUP sessions', () => {
  /** A proxy that sends `account` through MFA_SETUP, on its own list. */
  async function setupProxy(account: DemoAccount, clock: () => number): Promise<string> {
    const mfaSetupFile = `${identity.config.identityDir}/mfa-setup-${account.id}.json`;
    await writeMfaSetupUsernames(mfaSetupFile, [account.id]);
    return identity.proxyWithClock(clock, { mfaSetupFile });
  }

  it('step on only with the newest Session, for the user it was issued to', async () => {
    const account = demoAccount('doctor2@thrive.test');
    const url = await setupProxy(account, Date.now);
    const call = (operation: string, body: object) => cognitoCall(url, operation, body);
    const started = await challengeOf(account, url);
    expect(started.name).toBe('MFA_SETUP');
    const complete = (session: string, username = account.email) =>
      respond({ ChallengeName: 'MFA_SETUP', Session: session, ChallengeResponses: { USERNAME: username } }, url);
    // Not before the app is verified (the Session stays usable), and never for another user (it is spent).
    expect(await complete(started.session)).toMatchObject({ json: { __type: 'InvalidParameterException' } });
    expect(await complete(started.session, SUPER.email)).toEqual(INVALID_SESSION);
    expect(await complete(started.session)).toEqual(INVALID_SESSION);

    const again = await challengeOf(account, url);
    expect(again.name).toBe('MFA_SETUP');
    const associated = (await call('AssociateSoftwareToken', { Session: again.session })).json as {
      SecretCode: string;
      Session: string;
    };
    expect(await call('AssociateSoftwareToken', { Session: again.session })).toEqual(INVALID_SESSION);
    const wrong = { Session: associated.Session, UserCode: wrongCode(associated.SecretCode) };
    expect(await call('VerifySoftwareToken', wrong)).toMatchObject({ json: { __type: 'CodeMismatchException' } });
    const verify = { Session: associated.Session, UserCode: totpCode(associated.SecretCode) };
    const verified = (await call('VerifySoftwareToken', verify)).json as { Status: string; Session: string };
    expect(verified.Status).toBe('SUCCESS');
    expect(await call('VerifySoftwareToken', verify)).toEqual(INVALID_SESSION);
    for (const stale of [again.session, associated.Session]) expect(await complete(stale)).toEqual(INVALID_SESSION);
    expect(hasTokens(await complete(verified.Session))).toBe(true);
    expect(await complete(verified.Session)).toEqual(INVALID_SESSION);
  });

  it('expire 3 minutes after their last step', async () => {
    let now = Date.now();
    const account = demoAccount('reception2@thrive.test');
    const url = await setupProxy(account, () => now);
    const started = await challengeOf(account, url);
    now += CHALLENGE_LIFETIME_MS - 1;
    const associated = await cognitoCall(url, 'AssociateSoftwareToken', { Session: started.session });
    expect(associated.status).toBe(200);
    now += CHALLENGE_LIFETIME_MS;
    const late = { Session: (associated.json as { Session: string }).Session, UserCode: '123456' };
    expect(await cognitoCall(url, 'VerifySoftwareToken', late)).toEqual(EXPIRED_SESSION);
  });
});

describe('the temporary password', () => {
  it('is checked before a new password is asked for', async () => {
    const account = demoAccount('newpass@thrive.test');
    expect(await identity.signIn(account.email, 'Wrong!2026x')).toEqual({
      status: 400,
      json: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    });
    const { name, session } = await challengeOf(account);
    expect(name).toBe('NEW_PASSWORD_REQUIRED');
    const chosen = await respond({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeResponses: { USERNAME: account.email, NEW_PASSWORD: 'Chosen!2026x' },
    });
    expect(hasTokens(chosen)).toBe(true);
    expect((await identity.signIn(account.email, account.password)).status).toBe(400);
    expect(hasTokens(await identity.signIn(account.email, 'Chosen!2026x'))).toBe(true);
  });
});

describe('sign-in throttling', () => {
  it('counts wrong SMS and authenticator codes as failed sign-ins', async () => {
    const cases = [
      { account: SMS, challenge: 'SMS_MFA', field: 'SMS_MFA_CODE', wrong: () => '654321', right: () => DEMO_CODE },
      {
        account: TOTP,
        challenge: 'SOFTWARE_TOKEN_MFA',
        field: 'SOFTWARE_TOKEN_MFA_CODE',
        wrong: () => wrongCode(DEMO_TOTP_SECRET),
        right: () => totpCode(DEMO_TOTP_SECRET),
      },
    ];
    for (const { account, challenge, field, wrong, right } of cases) {
      let now = Date.now();
      const url = await identity.proxyWithClock(() => now);
      const { session } = await challengeOf(account, url);
      const answer = (code: string) =>
        respond(
          {
            ChallengeName: challenge,
            Session: session,
            ChallengeResponses: { USERNAME: account.email, [field]: code },
          },
          url,
        );
      for (let attempt = 0; attempt < 5; attempt++) {
        expect(await answer(wrong())).toMatchObject({ status: 400, json: { __type: 'CodeMismatchException' } });
      }
      expect(await answer(right()), challenge).toEqual(LOCKED);
      expect(await identity.signIn(account.email, account.password, url)).toEqual(LOCKED);
      now += 1_000;
      // The lock over, the same Session takes the right code.
      expect(hasTokens(await answer(right())), challenge).toBe(true);
    }
  });

  it('locks the account whatever name was typed', async () => {
    let now = Date.now();
    const url = await identity.proxyWithClock(() => now);
    const account = demoAccount('nurse2@thrive.test');
    const names = [` ${account.email.toUpperCase()}`, account.id, account.email, 'Nurse2@Thrive.Test ', account.id];
    for (const name of names) {
      expect(await identity.signIn(name, 'Wrong!2026x', url), name).toMatchObject({
        json: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      });
    }
    for (const name of [account.email, account.id, account.email.toUpperCase()]) {
      expect(await identity.signIn(name, account.password, url), name).toEqual(LOCKED);
    }
    now += 1_000;
    expect(hasTokens(await identity.signIn(account.email.toUpperCase(), account.password, url))).toBe(true);
  });
});
