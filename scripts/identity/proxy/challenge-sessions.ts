/**
 * The sign-in challenges the proxy has issued. cognito-local checks neither
 * that a RespondToAuthChallenge's `Session` was ever issued nor that its user
 * is in that challenge, so the proxy answers only what it issued: every
 * challenge it hands out (the emulator's SMS_MFA, SOFTWARE_TOKEN_MFA,
 * NEW_PASSWORD_REQUIRED, SELECT_MFA_TYPE and its own MFA_SETUP) gets a Session
 * of its own, opaque and unguessable, bound to the user, the challenge and the
 * app client, that lives 3 minutes (Cognito's) and opens one step only. Any
 * other Session is refused as Cognito refuses it.
 */
import { randomBytes } from 'node:crypto';
import { CognitoError, isJson, str, type Json } from './cognito.ts';

/** Cognito's answers to a Session it did not issue, or no longer holds. */
export const INVALID_SESSION = 'Invalid session for the user.';
export const EXPIRED_SESSION = 'Invalid session for the user, session is expired.';

/** Cognito's lifetime of a pending sign-in step. */
export const CHALLENGE_SESSION_TTL_MS = 3 * 60 * 1000;

/** One issued step of a sign-in. */
export interface ChallengeSession {
  /** The account answering: its username in the pool (its `sub`), whatever name was typed. */
  username: string;
  /** The challenge this Session answers, and nothing else. */
  challenge: string;
  clientId: string;
  /** The emulator's own Session for the step, passed on to it; none for the proxy's own MFA_SETUP. */
  upstreamSession?: string;
  /** MFA_SETUP: the sign-in held back until an authenticator app is enrolled. */
  setup?: { authenticationResult: Json; verified: boolean };
}

/** A Session taken out of the store for one answer. */
export interface Claim {
  session: ChallengeSession;
  /** Puts it back, as it was and until its first expiry: a wrong answer may be retried. */
  release(): void;
}

export interface ChallengeSessions {
  /** A new Session for this step, valid for the lifetime from now. */
  issue(session: ChallengeSession): string;
  /**
   * Takes the Session out of the store if it was issued, is unexpired and
   * answers `challenge` (for `clientId`, when the call names one); refuses it
   * with NotAuthorizedException otherwise. Taken, it cannot be used twice,
   * even by calls at the same moment.
   */
  take(token: unknown, challenge: string, clientId?: string): Claim;
}

export function createChallengeSessions(ttlMs: number, clock: () => number): ChallengeSessions {
  const issued = new Map<string, { session: ChallengeSession; expiresAt: number }>();

  function forgetExpired(now: number): void {
    for (const [token, entry] of issued) if (entry.expiresAt <= now) issued.delete(token);
  }

  return {
    issue(session) {
      const now = clock();
      forgetExpired(now);
      // Cognito's Sessions are long opaque strings, a new one at every step.
      const token = randomBytes(96).toString('base64url');
      issued.set(token, { session, expiresAt: now + ttlMs });
      return token;
    },
    take(token, challenge, clientId) {
      const entry = typeof token === 'string' ? issued.get(token) : undefined;
      if (typeof token !== 'string' || entry === undefined) {
        throw new CognitoError('NotAuthorizedException', INVALID_SESSION);
      }
      // Spent whatever follows: a Session shown for the wrong step or client is not kept for another try.
      issued.delete(token);
      const now = clock();
      forgetExpired(now);
      if (entry.expiresAt <= now) throw new CognitoError('NotAuthorizedException', EXPIRED_SESSION);
      const { session } = entry;
      if (session.challenge !== challenge || (clientId !== undefined && session.clientId !== clientId)) {
        throw new CognitoError('NotAuthorizedException', INVALID_SESSION);
      }
      return {
        session,
        release: () => {
          if (clock() < entry.expiresAt) issued.set(token, entry);
        },
      };
    },
  };
}

/**
 * Takes the Session of a RespondToAuthChallenge: issued for this challenge,
 * this app client and the user its USERNAME names (by e-mail in any case, or
 * by username), or refused with NotAuthorizedException.
 */
export async function claimAnswer(
  sessions: ChallengeSessions,
  body: Json,
  accountOf: (typed: string | undefined) => Promise<string | null>,
): Promise<Claim> {
  const claim = sessions.take(body.Session, str(body.ChallengeName) ?? '', str(body.ClientId) ?? '');
  const responses = isJson(body.ChallengeResponses) ? body.ChallengeResponses : {};
  if ((await accountOf(str(responses.USERNAME))) !== claim.session.username) {
    throw new CognitoError('NotAuthorizedException', INVALID_SESSION);
  }
  return claim;
}
