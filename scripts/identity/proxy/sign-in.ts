/**
 * Signing in with a password, and answering its challenges. Beyond the
 * emulator, as Cognito does:
 * - sign-ins are throttled per account (sign-in-throttle.ts), whatever name was
 *   typed (the e-mail in any case, with spaces around, or the username), and
 *   wrong challenge answers count as failures too;
 * - a disabled account is refused before its password is looked at;
 * - errors as a LEGACY pool gives them: UserNotFoundException for an unknown
 *   user, NotAuthorizedException for a wrong password;
 * - a temporary password is checked before NEW_PASSWORD_REQUIRED is asked for
 *   (the emulator asks without looking at it);
 * - a challenge is answered only with a Session the proxy issued for it
 *   (challenge-sessions.ts), never the emulator's own.
 */
import type { SignInThrottle } from '../sign-in-throttle.ts';
import { claimAnswer, type ChallengeSessions } from './challenge-sessions.ts';
import { CognitoError, accountLocked, isJson, str, type Json, type Operation } from './cognito.ts';
import type { Emulator } from './emulator.ts';
import type { MfaSetup } from './mfa-setup.ts';
import type { Refresh } from './refresh.ts';
import type { Tokens } from './tokens.ts';

export interface SignIn {
  initiateAuth: Operation;
  respondToAuthChallenge: Operation;
}

export interface SignInDeps {
  userPoolId: string;
  emulator: Emulator;
  tokens: Tokens;
  refresh: Refresh;
  sessions: ChallengeSessions;
  throttle: SignInThrottle;
  mfaSetup: MfaSetup;
  accountOf: (typed: string | undefined) => Promise<string | null>;
}

/** The emulator's errors for a wrong answer to a challenge (an SMS or authenticator code). */
const WRONG_ANSWERS: ReadonlySet<string> = new Set(['CodeMismatchException']);

export function createSignIn(deps: SignInDeps): SignIn {
  const { emulator, tokens, sessions, throttle, mfaSetup } = deps;

  /**
   * What a step of a sign-in leads to: another challenge, under a Session of
   * the proxy's own; enrolment of an authenticator first, for a listed user; or
   * tokens of this install, which end the account's run of failures.
   */
  async function nextStep(result: Json, username: string, clientId: string): Promise<Json> {
    const challenge = str(result.ChallengeName);
    if (challenge) {
      const upstreamSession = str(result.Session);
      return { ...result, Session: sessions.issue({ username, challenge, clientId, upstreamSession }) };
    }
    const step = await mfaSetup.requireSetupIfListed(result, clientId);
    if (isJson(step.AuthenticationResult)) throttle.succeeded(username);
    return tokens.withOwnTokens(step);
  }

  /**
   * Refuses a wrong temporary password. The emulator's InitiateAuth asks a user
   * who must choose a new password for one without looking at the old; its
   * AdminInitiateAuth does look, and the refresh token it issues is revoked at once.
   */
  async function checkTemporaryPassword(username: string, password: unknown, clientId: string): Promise<void> {
    const checked = await emulator.call('AdminInitiateAuth', {
      UserPoolId: deps.userPoolId,
      ClientId: clientId,
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    });
    const issued = isJson(checked.AuthenticationResult) ? str(checked.AuthenticationResult.RefreshToken) : undefined;
    if (issued) await emulator.call('RevokeToken', { ClientId: clientId, Token: issued });
  }

  /** A failed password sign-in, counted against the account and told as Cognito tells it. */
  function signInError(error: unknown, account: string | undefined, known: boolean): unknown {
    if (!(error instanceof CognitoError)) return error;
    if (account && (error.type === 'InvalidPasswordException' || error.type === 'NotAuthorizedException')) {
      throttle.failed(account);
    }
    // The emulator says "Invalid password"; Cognito says NotAuthorizedException.
    if (error.type === 'InvalidPasswordException') {
      return new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
    }
    // The emulator gives NotAuthorizedException for an unknown user; a LEGACY pool names it.
    if (error.type === 'NotAuthorizedException' && account && !known) {
      return new CognitoError('UserNotFoundException', 'User does not exist.');
    }
    return error;
  }

  async function passwordSignIn(body: Json): Promise<Json> {
    const clientId = str(body.ClientId) ?? '';
    const parameters = isJson(body.AuthParameters) ? body.AuthParameters : {};
    const typed = str(parameters.USERNAME);
    const user = await emulator.findUser(typed);
    const username = str(user?.Username);
    // One count per account, whatever name was typed; a name of no account is counted by itself.
    const account = username ?? typed;
    // A locked account is refused without a look at the password.
    if (account && !throttle.mayTry(account)) throw accountLocked();
    // Cognito refuses a disabled account before it looks at the password.
    if (user?.Enabled === false) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
    let result: Json;
    try {
      result = await emulator.call(
        'InitiateAuth',
        username ? { ...body, AuthParameters: { ...parameters, USERNAME: username } } : body,
      );
      if (username && result.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
        await checkTemporaryPassword(username, parameters.PASSWORD, clientId);
      }
    } catch (error) {
      throw signInError(error, account, user !== null);
    }
    return nextStep(result, username ?? '', clientId);
  }

  async function initiateAuth(body: Json): Promise<Json> {
    if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') return deps.refresh.refresh(body);
    if (body.AuthFlow === 'USER_PASSWORD_AUTH') return passwordSignIn(body);
    // The emulator refuses every other flow; were one to answer with a challenge, it is bound all the same.
    const result = await emulator.call('InitiateAuth', body);
    const parameters = isJson(result.ChallengeParameters) ? result.ChallengeParameters : {};
    return nextStep(result, str(parameters.USER_ID_FOR_SRP) ?? '', str(body.ClientId) ?? '');
  }

  async function respondToAuthChallenge(body: Json): Promise<Json> {
    if (body.ChallengeName === 'MFA_SETUP') return mfaSetup.completeSetup(body);
    const claim = await claimAnswer(sessions, body, deps.accountOf);
    const { username, clientId, upstreamSession } = claim.session;
    if (!throttle.mayTry(username)) {
      claim.release();
      throw accountLocked();
    }
    const responses = isJson(body.ChallengeResponses) ? body.ChallengeResponses : {};
    let result: Json;
    try {
      // The emulator hears of the account the Session was issued for, under the Session it issued.
      result = await emulator.call('RespondToAuthChallenge', {
        ...body,
        Session: upstreamSession,
        ChallengeResponses: { ...responses, USERNAME: username },
      });
    } catch (error) {
      // A wrong code may be typed again under the same Session, and counts as a failed sign-in.
      claim.release();
      if (error instanceof CognitoError && WRONG_ANSWERS.has(error.type)) throttle.failed(username);
      throw error;
    }
    return nextStep(result, username, clientId);
  }

  return { initiateAuth, respondToAuthChallenge };
}
