/**
 * MFA_SETUP: users listed in `mfa-setup.json` must enrol an authenticator app
 * at sign-in. The emulator has no such challenge, so after a good password the
 * proxy holds the tokens under a challenge Session of its own and drives
 * Associate/VerifySoftwareToken upstream with the held access token (the
 * secret is really enrolled), then hands the tokens over.
 */
import { readMfaSetupUsernames, writeMfaSetupUsernames } from '../files.ts';
import type { SignInThrottle } from '../sign-in-throttle.ts';
import { claimAnswer, type ChallengeSessions } from './challenge-sessions.ts';
import { CognitoError, accountLocked, isJson, jwtClaims, str, type Json, type Operation } from './cognito.ts';
import type { Emulator } from './emulator.ts';
import type { Tokens } from './tokens.ts';

export interface MfaSetup {
  /** Turns a finished sign-in into an MFA_SETUP challenge when the user must enrol first. */
  requireSetupIfListed: (result: Json, clientId: string) => Promise<Json>;
  /** AssociateSoftwareToken with the Session of an MFA_SETUP challenge. */
  associateSoftwareToken: Operation;
  /** VerifySoftwareToken with the Session of an MFA_SETUP challenge. */
  verifySoftwareToken: Operation;
  /** RespondToAuthChallenge MFA_SETUP, once the app is verified: the held sign-in's tokens. */
  completeSetup: Operation;
}

export interface MfaSetupDeps {
  mfaSetupFile: string;
  emulator: Emulator;
  tokens: Tokens;
  sessions: ChallengeSessions;
  throttle: SignInThrottle;
  accountOf: (typed: string | undefined) => Promise<string | null>;
}

export function createMfaSetup({
  mfaSetupFile,
  emulator,
  tokens,
  sessions,
  throttle,
  accountOf,
}: MfaSetupDeps): MfaSetup {
  async function requireSetupIfListed(result: Json, clientId: string): Promise<Json> {
    const held = result.AuthenticationResult;
    if (!isJson(held)) return result;
    const accessToken = str(held.AccessToken);
    const username = accessToken ? str(jwtClaims(accessToken).username) : undefined;
    if (!username || !(await readMfaSetupUsernames(mfaSetupFile)).has(username)) return result;
    const session = sessions.issue({
      username,
      challenge: 'MFA_SETUP',
      clientId,
      setup: { authenticationResult: held, verified: false },
    });
    return {
      ChallengeName: 'MFA_SETUP',
      Session: session,
      // Only the authenticator app: Amplify then goes straight to CONTINUE_SIGN_IN_WITH_TOTP_SETUP.
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: username },
    };
  }

  /** The held access token of an MFA_SETUP Session. */
  function heldAccessToken(setup: { authenticationResult: Json } | undefined): string {
    return str(setup?.authenticationResult.AccessToken) ?? '';
  }

  async function associateSoftwareToken(body: Json): Promise<Json> {
    const claim = sessions.take(body.Session, 'MFA_SETUP');
    let result: Json;
    try {
      result = await emulator.call('AssociateSoftwareToken', { AccessToken: heldAccessToken(claim.session.setup) });
    } catch (error) {
      claim.release();
      throw error;
    }
    return { SecretCode: result.SecretCode, Session: sessions.issue(claim.session) };
  }

  async function verifySoftwareToken(body: Json): Promise<Json> {
    const claim = sessions.take(body.Session, 'MFA_SETUP');
    const { username, setup } = claim.session;
    if (!throttle.mayTry(username)) {
      claim.release();
      throw accountLocked();
    }
    try {
      await emulator.call('VerifySoftwareToken', {
        AccessToken: heldAccessToken(setup),
        UserCode: body.UserCode,
        FriendlyDeviceName: body.FriendlyDeviceName,
      });
    } catch (error) {
      claim.release();
      // A mistyped code counts as a failed sign-in; the client retries with the same Session.
      if (error instanceof CognitoError && error.type === 'CodeMismatchException') throttle.failed(username);
      throw error;
    }
    if (setup) setup.verified = true;
    return { Status: 'SUCCESS', Session: sessions.issue(claim.session) };
  }

  async function completeSetup(body: Json): Promise<Json> {
    const claim = await claimAnswer(sessions, body, accountOf);
    const { username, clientId, setup } = claim.session;
    if (!setup?.verified) {
      claim.release();
      throw new CognitoError('InvalidParameterException', 'The software token has not been verified.');
    }
    let result: Json;
    try {
      result = await handOver(username, clientId, setup.authenticationResult);
    } catch (error) {
      claim.release();
      throw error;
    }
    throttle.succeeded(username);
    return result;
  }

  /** Makes the enrolled app the user's second factor, takes the user off the list, and gives the tokens. */
  async function handOver(username: string, clientId: string, held: Json): Promise<Json> {
    await emulator.call('SetUserMFAPreference', {
      AccessToken: str(held.AccessToken) ?? '',
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    const listed = await readMfaSetupUsernames(mfaSetupFile);
    listed.delete(username);
    await writeMfaSetupUsernames(mfaSetupFile, listed);
    // Fresh access and ID tokens, so their iat is the moment sign-in completed (not minutes ago).
    const refreshToken = str(held.RefreshToken);
    const fresh = refreshToken
      ? await emulator.call('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: clientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        })
      : {};
    const freshTokens = isJson(fresh.AuthenticationResult) ? fresh.AuthenticationResult : {};
    return tokens.withOwnTokens({
      ChallengeParameters: {},
      AuthenticationResult: {
        ...held,
        AccessToken: str(freshTokens.AccessToken) ?? held.AccessToken,
        IdToken: str(freshTokens.IdToken) ?? held.IdToken,
        TokenType: 'Bearer',
      },
    });
  }

  return { requireSetupIfListed, associateSoftwareToken, verifySoftwareToken, completeSetup };
}
