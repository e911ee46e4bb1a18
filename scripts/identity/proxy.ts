/**
 * A small HTTP proxy in front of cognito-local that fills the gaps between the
 * emulator and Amazon Cognito which the app depends on, so the app (Amplify,
 * configured with `userPoolEndpoint`) runs unchanged against either.
 *
 * Everything not listed below passes through untouched:
 * - GetTokensFromRefreshToken: Amplify 6.15+ refreshes only with this call, which
 *   the emulator lacks; answered with InitiateAuth REFRESH_TOKEN_AUTH.
 * - MFA_SETUP: users listed in `mfa-setup.json` must enrol an authenticator app at
 *   sign-in. The emulator has no such challenge, so after a good password the
 *   proxy keeps the tokens under an opaque Session and drives Associate/Verify
 *   SoftwareToken upstream with the held access token (the secret is really
 *   enrolled), then hands the tokens over.
 * - ResendConfirmationCode: unsupported by the emulator.
 * - ConfirmSignUp: Cognito marks the e-mail verified (the code went there); the emulator does not.
 * - GetUserAttributeVerificationCode: the emulator answers `{}`; Cognito says where the code went.
 * - InitiateAuth errors as a LEGACY pool gives them: UserNotFoundException for an
 *   unknown user, NotAuthorizedException for a wrong password.
 * - Disabled accounts (AdminDisableUser): the emulator records them but still signs
 *   them in and refreshes their tokens; Cognito refuses both with
 *   NotAuthorizedException "User is disabled.".
 * - CORS for the browser, and an openid-configuration with the real issuer (the
 *   emulator's hard-codes port 9229).
 *
 * This is dev and test infrastructure only; production talks to Cognito directly.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readMfaSetupUsernames, writeMfaSetupUsernames } from './files.ts';

export interface IdentityProxyOptions {
  /** 0 picks a free port. */
  port: number;
  /** Loopback only; defaults to 127.0.0.1. */
  host?: string;
  /** Base URL of cognito-local, e.g. http://127.0.0.1:9230. */
  upstreamUrl: string;
  /** The pool the admin look-ups (unknown user, resend) run against. */
  userPoolId: string;
  /** JSON `{ "usernames": [...] }`: who must set up TOTP at the next sign-in. */
  mfaSetupFile: string;
  /** When set, `/<poolId>/.well-known/openid-configuration` names this issuer. */
  issuer?: string;
  /** How long a pending MFA_SETUP sign-in lives after its last step (Cognito: 3 minutes). */
  sessionTtlMs?: number;
  /** Where unexpected proxy failures are reported; defaults to console.error. */
  onError?: (error: unknown) => void;
}

export interface IdentityProxy {
  url: string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** A Cognito service error, sent the way Cognito sends it: status 400 and `__type`. */
class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** A sign-in held back until the user has enrolled an authenticator app. */
interface PendingSetup {
  username: string;
  clientId: string;
  authenticationResult: Json;
  verified: boolean;
  expiresAt: number;
}

const JSON_CONTENT_TYPE = 'application/x-amz-json-1.1';
const MAX_BODY_BYTES = 1024 * 1024;
// Headers that describe one hop, or that fetch() already applied (it decodes bodies).
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
  'upgrade',
]);
const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-amz-target, x-amz-user-agent, cache-control',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  'access-control-max-age': '600',
};

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The claims of a JWT, unverified: the proxy only routes on them, the emulator signed them. */
function jwtClaims(token: string): Json {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isJson(claims) ? claims : {};
  } catch {
    return {};
  }
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new CognitoError('InvalidParameterException', 'Request too large.', 413);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export async function startIdentityProxy(options: IdentityProxyOptions): Promise<IdentityProxy> {
  const upstreamUrl = options.upstreamUrl.replace(/\/+$/, '');
  const sessionTtlMs = options.sessionTtlMs ?? 3 * 60 * 1000;
  const onError = options.onError ?? ((error: unknown) => console.error('[identity proxy]', error));
  const pending = new Map<string, PendingSetup>();

  /** Calls one Cognito operation on the emulator; a Cognito error is rethrown as is. */
  async function upstream(operation: string, body: Json): Promise<Json> {
    const response = await fetch(`${upstreamUrl}/`, {
      method: 'POST',
      headers: { 'content-type': JSON_CONTENT_TYPE, 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON: reported below with the status.
    }
    const result = isJson(parsed) ? parsed : {};
    if (!response.ok) {
      throw new CognitoError(
        str(result.__type) ?? 'InternalErrorException',
        str(result.message) ?? `${operation} failed with ${response.status}`,
        response.status,
      );
    }
    return result;
  }

  /** The user upstream, by an admin look-up (the emulator matches e-mail too); null when there is none. */
  async function adminGetUser(username: string): Promise<Json | null> {
    try {
      return await upstream('AdminGetUser', { UserPoolId: options.userPoolId, Username: username });
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'UserNotFoundException') return null;
      throw error;
    }
  }

  /** Whether the username exists upstream, and its status. */
  async function userStatus(username: string): Promise<string | null> {
    const user = await adminGetUser(username);
    return user === null ? null : (str(user.UserStatus) ?? 'UNKNOWN');
  }

  async function refuseIfDisabled(username: string | undefined): Promise<void> {
    if (username === undefined) return;
    const user = await adminGetUser(username);
    if (user?.Enabled === false) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
  }

  /** Tokens from a refresh, unless their user has been disabled since the sign-in. */
  async function refreshUnlessDisabled(body: Json): Promise<Json> {
    const result = await upstream('InitiateAuth', body);
    const tokens = isJson(result.AuthenticationResult) ? result.AuthenticationResult : {};
    const accessToken = str(tokens.AccessToken);
    await refuseIfDisabled(accessToken ? str(jwtClaims(accessToken).username) : undefined);
    return result;
  }

  // --- pending MFA_SETUP sign-ins --------------------------------------------------------------

  function newSession(setup: PendingSetup): string {
    // Cognito sessions are long opaque strings; a new one at every step, like Cognito.
    const session = randomBytes(96).toString('base64url');
    setup.expiresAt = Date.now() + sessionTtlMs;
    pending.set(session, setup);
    return session;
  }

  function pendingSetup(session: unknown): PendingSetup {
    const now = Date.now();
    for (const [key, setup] of pending) if (setup.expiresAt <= now) pending.delete(key);
    const setup = typeof session === 'string' ? pending.get(session) : undefined;
    if (!setup) throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    return setup;
  }

  /** Turns a finished sign-in into an MFA_SETUP challenge when the user must enrol first. */
  async function requireSetupIfListed(result: Json, clientId: string): Promise<Json> {
    const tokens = result.AuthenticationResult;
    if (!isJson(tokens)) return result;
    const accessToken = str(tokens.AccessToken);
    const username = accessToken ? str(jwtClaims(accessToken).username) : undefined;
    if (!username || !(await readMfaSetupUsernames(options.mfaSetupFile)).has(username)) return result;
    const session = newSession({ username, clientId, authenticationResult: tokens, verified: false, expiresAt: 0 });
    return {
      ChallengeName: 'MFA_SETUP',
      Session: session,
      // Only the authenticator app: Amplify then goes straight to CONTINUE_SIGN_IN_WITH_TOTP_SETUP.
      ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: username },
    };
  }

  // --- operations the proxy answers --------------------------------------------------------------

  async function initiateAuth(body: Json): Promise<Json> {
    const clientId = str(body.ClientId) ?? '';
    if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') return refreshUnlessDisabled(body);
    if (body.AuthFlow !== 'USER_PASSWORD_AUTH') return upstream('InitiateAuth', body);
    // Cognito refuses a disabled account before it looks at the password.
    await refuseIfDisabled(isJson(body.AuthParameters) ? str(body.AuthParameters.USERNAME) : undefined);
    try {
      return await requireSetupIfListed(await upstream('InitiateAuth', body), clientId);
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      // The emulator says "Invalid password"; Cognito says NotAuthorizedException.
      if (error.type === 'InvalidPasswordException') {
        throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      }
      // The emulator gives NotAuthorizedException for an unknown user; a LEGACY pool names it.
      const username = isJson(body.AuthParameters) ? str(body.AuthParameters.USERNAME) : undefined;
      if (error.type === 'NotAuthorizedException' && username && (await userStatus(username)) === null) {
        throw new CognitoError('UserNotFoundException', 'User does not exist.');
      }
      throw error;
    }
  }

  async function respondToAuthChallenge(body: Json): Promise<Json> {
    if (body.ChallengeName !== 'MFA_SETUP') {
      // A new password can complete a sign-in too; enrolment still comes first.
      return requireSetupIfListed(await upstream('RespondToAuthChallenge', body), str(body.ClientId) ?? '');
    }
    const setup = pendingSetup(body.Session);
    if (!setup.verified) {
      throw new CognitoError('InvalidParameterException', 'The software token has not been verified.');
    }
    const held = setup.authenticationResult;
    const accessToken = str(held.AccessToken) ?? '';
    await upstream('SetUserMFAPreference', {
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    const listed = await readMfaSetupUsernames(options.mfaSetupFile);
    listed.delete(setup.username);
    await writeMfaSetupUsernames(options.mfaSetupFile, listed);
    for (const [key, value] of pending) if (value === setup) pending.delete(key);
    // Fresh access and ID tokens, so their iat is the moment sign-in completed (not minutes ago).
    const refreshToken = str(held.RefreshToken);
    const fresh = refreshToken
      ? await upstream('InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: setup.clientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        })
      : {};
    const freshTokens = isJson(fresh.AuthenticationResult) ? fresh.AuthenticationResult : {};
    return {
      ChallengeParameters: {},
      AuthenticationResult: {
        ...held,
        AccessToken: str(freshTokens.AccessToken) ?? held.AccessToken,
        IdToken: str(freshTokens.IdToken) ?? held.IdToken,
        TokenType: 'Bearer',
      },
    };
  }

  async function associateSoftwareToken(body: Json): Promise<Json> {
    const setup = pendingSetup(body.Session);
    const result = await upstream('AssociateSoftwareToken', { AccessToken: setup.authenticationResult.AccessToken });
    return { SecretCode: result.SecretCode, Session: rotate(body.Session, setup) };
  }

  async function verifySoftwareToken(body: Json): Promise<Json> {
    const setup = pendingSetup(body.Session);
    // No rotation before success: after a mistyped code the client retries with the same Session.
    await upstream('VerifySoftwareToken', {
      AccessToken: setup.authenticationResult.AccessToken,
      UserCode: body.UserCode,
      FriendlyDeviceName: body.FriendlyDeviceName,
    });
    setup.verified = true;
    return { Status: 'SUCCESS', Session: rotate(body.Session, setup) };
  }

  function rotate(oldSession: unknown, setup: PendingSetup): string {
    if (typeof oldSession === 'string') pending.delete(oldSession);
    return newSession(setup);
  }

  async function resendConfirmationCode(body: Json): Promise<Json> {
    const username = str(body.Username);
    if (!username) throw new CognitoError('InvalidParameterException', 'Missing required parameter Username');
    const status = await userStatus(username);
    if (status === null) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
    if (status !== 'UNCONFIRMED') throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
    // The emulator's ForgotPassword stores a fresh code in the same field ConfirmSignUp checks
    // (and, with CODE set, the same value), which is exactly a resend.
    const result = await upstream('ForgotPassword', { ClientId: body.ClientId, Username: username });
    return { CodeDeliveryDetails: result.CodeDeliveryDetails };
  }

  async function confirmSignUp(body: Json): Promise<Json> {
    const result = await upstream('ConfirmSignUp', body);
    const user = await upstream('AdminGetUser', { UserPoolId: options.userPoolId, Username: body.Username });
    const attributes = Array.isArray(user.UserAttributes) ? user.UserAttributes.filter(isJson) : [];
    const email = str(attributes.find((a) => a.Name === 'email')?.Value);
    if (email) {
      // The emulator only accepts email_verified together with the e-mail itself.
      await upstream('AdminUpdateUserAttributes', {
        UserPoolId: options.userPoolId,
        Username: user.Username,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      });
    }
    return result;
  }

  async function getUserAttributeVerificationCode(body: Json): Promise<Json> {
    await upstream('GetUserAttributeVerificationCode', body);
    const user = await upstream('GetUser', { AccessToken: body.AccessToken });
    const attributeName = str(body.AttributeName) ?? 'email';
    const attributes = Array.isArray(user.UserAttributes) ? user.UserAttributes.filter(isJson) : [];
    const destination = attributes.find((a) => a.Name === attributeName)?.Value;
    return {
      CodeDeliveryDetails: {
        AttributeName: attributeName,
        DeliveryMedium: attributeName === 'phone_number' ? 'SMS' : 'EMAIL',
        Destination: destination,
      },
    };
  }

  async function getTokensFromRefreshToken(body: Json): Promise<Json> {
    const result = await refreshUnlessDisabled({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: body.ClientId,
      AuthParameters: {
        REFRESH_TOKEN: body.RefreshToken,
        ...(str(body.DeviceKey) ? { DEVICE_KEY: body.DeviceKey } : {}),
      },
      ClientMetadata: body.ClientMetadata,
    });
    const tokens = isJson(result.AuthenticationResult) ? result.AuthenticationResult : {};
    const accessToken = str(tokens.AccessToken);
    const claims = accessToken ? jwtClaims(accessToken) : {};
    const expiresIn =
      typeof claims.exp === 'number' && typeof claims.iat === 'number' ? claims.exp - claims.iat : undefined;
    // No RefreshToken in the answer: without rotation Cognito omits it and Amplify keeps the old one.
    return {
      AuthenticationResult: {
        AccessToken: tokens.AccessToken,
        IdToken: tokens.IdToken,
        TokenType: 'Bearer',
        ExpiresIn: expiresIn,
      },
    };
  }

  /** The operations the proxy answers itself; `null` means "pass through". */
  function handlerFor(operation: string, body: Json): ((body: Json) => Promise<Json>) | null {
    // Session-based token calls only happen inside MFA_SETUP; with an AccessToken they are the emulator's.
    const sessionBased = body.Session !== undefined && body.AccessToken === undefined;
    switch (operation) {
      case 'GetTokensFromRefreshToken':
        return getTokensFromRefreshToken;
      case 'InitiateAuth':
        return initiateAuth;
      case 'RespondToAuthChallenge':
        return respondToAuthChallenge;
      case 'ResendConfirmationCode':
        return resendConfirmationCode;
      case 'ConfirmSignUp':
        return confirmSignUp;
      case 'GetUserAttributeVerificationCode':
        return getUserAttributeVerificationCode;
      case 'AssociateSoftwareToken':
        return sessionBased ? associateSoftwareToken : null;
      case 'VerifySoftwareToken':
        return sessionBased ? verifySoftwareToken : null;
      default:
        return null;
    }
  }

  // --- HTTP ---------------------------------------------------------------------------------------

  function send(res: http.ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer) {
    res.writeHead(status, { ...headers, ...CORS_HEADERS });
    res.end(body);
  }

  function sendJson(res: http.ServerResponse, status: number, body: Json, headers: Record<string, string> = {}) {
    send(res, status, { 'content-type': JSON_CONTENT_TYPE, ...headers }, JSON.stringify(body));
  }

  async function passThrough(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_HEADERS.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const response = await fetch(`${upstreamUrl}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      // A copy typed as Uint8Array<ArrayBuffer>, which fetch's BodyInit accepts (Buffer's type is wider).
      body: hasBody ? Uint8Array.from(body) : undefined,
      redirect: 'manual',
    });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      // The emulator's own CORS headers are replaced by ours.
      if (!HOP_HEADERS.has(name) && !name.startsWith('access-control-')) out[name] = value;
    });
    send(res, response.status, out, Buffer.from(await response.arrayBuffer()));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') {
      send(res, 204, {}, '');
      return;
    }
    const body = await readBody(req);
    const pathname = (req.url ?? '/').split('?')[0];

    if (
      req.method === 'GET' &&
      options.issuer &&
      pathname === `/${options.userPoolId}/.well-known/openid-configuration`
    ) {
      sendJson(
        res,
        200,
        {
          issuer: options.issuer,
          jwks_uri: `${options.issuer}/.well-known/jwks.json`,
          id_token_signing_alg_values_supported: ['RS256'],
        },
        { 'content-type': 'application/json' },
      );
      return;
    }

    const target = req.headers['x-amz-target'];
    const operation = req.method === 'POST' && typeof target === 'string' ? target.split('.')[1] : undefined;
    if (operation) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        parsed = undefined; // Let the emulator answer malformed input its own way.
      }
      const handler = isJson(parsed) ? handlerFor(operation, parsed) : null;
      if (handler && isJson(parsed)) {
        sendJson(res, 200, await handler(parsed));
        return;
      }
    }
    await passThrough(req, res, body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof CognitoError) {
        sendJson(res, error.status, { __type: error.type, message: error.message }, { 'x-amzn-errortype': error.type });
        return;
      }
      onError(error);
      // 5xx on purpose: Amplify retries those, which suits a restarting emulator.
      sendJson(res, 502, { __type: 'InternalErrorException', message: 'The identity emulator could not be reached.' });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;

  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // close() waits for requests in flight, so the emulator is never stopped mid-write;
        // idle keep-alive connections must not hold it open.
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      }),
  };
}
