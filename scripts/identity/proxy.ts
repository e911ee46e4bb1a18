/**
 * A small HTTP proxy in front of cognito-local that fills the gaps between the
 * emulator and Amazon Cognito which the app depends on, so the app (Amplify,
 * configured with `userPoolEndpoint`) runs unchanged against either, and that
 * makes the local stack safe to leave running.
 *
 * The emulator listens on a Unix socket inside the identity folder, so the
 * proxy is the only way in. What the proxy does beyond passing calls through:
 * - Tokens of its own: the emulator signs with a key published in its npm
 *   package. The proxy signs every token it hands out with this install's key
 *   (keys.ts) and serves that key set, with Cognito's lifetimes as configured
 *   here (openapi/sessions.ts: 15-minute access and ID tokens, `auth_time` kept
 *   across refreshes), and checks every access token sent to it against that
 *   key (the emulator only decodes them).
 * - Admin calls (AdminSetUserPassword, ListUsers, AdminCreateUser, ...) need
 *   AWS SigV4 credentials, as Cognito's do: the API's identity client holds
 *   the install's admin secret; nobody else does.
 * - GlobalSignOut: the emulator lacks it. A user's access and refresh tokens
 *   issued before it are refused from then on (kept in a file across restarts).
 * - Refresh tokens end: a staff user's after 12 hours from its sign-in, a
 *   client's after 30 days; a disabled user's at once.
 * - Sign-in throttling per account, as Cognito does (sign-in-throttle.ts).
 * - A user may change only the app client's write attributes of itself, never
 *   `custom:role`; nobody signs up on their own.
 * - CORS only for the app's own origin.
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
 * - An openid-configuration with the real issuer (the emulator's hard-codes port 9229).
 *
 * This is dev and test infrastructure only; production talks to Cognito directly.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, errors as joseErrors, importJWK, jwtVerify, type JWK } from 'jose';
import { isRole } from '../../openapi/roles.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS, sessionLimitSeconds } from '../../openapi/sessions.ts';
import { LOCAL_ADMIN_KEY_ID } from '../../server/identity/identity-admin.ts';
import { readMfaSetupUsernames, writeFileAtomic, writeMfaSetupUsernames } from './files.ts';
import { publicJwk } from './keys.ts';
import { APP_CLIENT_WRITE_ATTRIBUTES } from './seed.ts';
import { sigV4Problem } from './sigv4.ts';
import { COGNITO_SIGN_IN_THROTTLE, createSignInThrottle, type SignInThrottleOptions } from './sign-in-throttle.ts';

export interface IdentityProxyOptions {
  /** 0 picks a free port. */
  port: number;
  /** Loopback only; defaults to 127.0.0.1. */
  host?: string;
  /** cognito-local's Unix socket. */
  upstreamSocket: string;
  /** The pool the admin look-ups (unknown user, resend) run against. */
  userPoolId: string;
  /** JSON `{ "usernames": [...] }`: who must set up TOTP at the next sign-in. */
  mfaSetupFile: string;
  /** The issuer every token carries; its key set is `<issuer>/.well-known/jwks.json`. */
  issuer: string;
  /** This install's private signing key (keys.ts). */
  signingKey: JWK;
  /** The secret admin calls must be signed with (SigV4, access key LOCAL_ADMIN_KEY_ID). */
  adminSecret: string;
  /** Where global sign-outs are kept across restarts. */
  signOutsFile: string;
  /** Origins a browser may call the proxy from (the app's); others get no CORS headers. */
  allowedOrigins?: readonly string[];
  /** Sign-in throttling per account; Cognito's by default. */
  signInThrottle?: SignInThrottleOptions;
  /** How long a pending MFA_SETUP sign-in lives after its last step (Cognito: 3 minutes). */
  sessionTtlMs?: number;
  /** Where unexpected proxy failures are reported; defaults to console.error. */
  onError?: (error: unknown) => void;
  /** The proxy's clock, in ms (tests move it); the emulator keeps its own. */
  clock?: () => number;
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
/** Headers of the emulator's answers that are not passed on: its server's name, and caching (ours say no-store). */
const EMULATOR_HEADERS = new Set(['x-powered-by', 'etag', 'cache-control']);

/** Sent to an allowed origin only, with that origin named (never `*`). */
const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-amz-target, x-amz-user-agent, cache-control',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  'access-control-max-age': '600',
  vary: 'Origin',
};

/**
 * The operations Cognito answers without IAM credentials: sign-in and its
 * challenges, and what a signed-in user does with its own access token.
 * Everything else (Admin*, ListUsers, pool and client management) is an admin
 * call and must be signed with the admin secret.
 */
const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GlobalSignOut',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'DeleteUser',
  'ChangePassword',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The claims of a JWT, unverified: for tokens the emulator has just handed the
 * proxy (over its socket), or whose authenticity the emulator checks itself
 * (a refresh token is looked up by its exact text).
 */
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

interface UpstreamAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export async function startIdentityProxy(options: IdentityProxyOptions): Promise<IdentityProxy> {
  const sessionTtlMs = options.sessionTtlMs ?? 3 * 60 * 1000;
  const onError = options.onError ?? ((error: unknown) => console.error('[identity proxy]', error));
  const pending = new Map<string, PendingSetup>();
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const clock = options.clock ?? Date.now;
  /** Seconds since the epoch, as JWTs count. */
  const nowSeconds = () => Math.floor(clock() / 1000);
  const throttle = createSignInThrottle(options.signInThrottle ?? COGNITO_SIGN_IN_THROTTLE, clock);
  const signingKey = await importJWK(options.signingKey, 'RS256');
  const verifyingKey = await importJWK(publicJwk(options.signingKey), 'RS256');
  const keySet = { keys: [publicJwk(options.signingKey)] };
  const signOuts = await readSignOuts(options.signOutsFile);
  let signOutsWritten = Promise.resolve();

  /** One HTTP exchange with the emulator over its socket. */
  function upstreamHttp(method: string, path: string, headers: Record<string, string>, body: Buffer) {
    return new Promise<UpstreamAnswer>((resolve, reject) => {
      const request = http.request(
        {
          socketPath: options.upstreamSocket,
          method,
          path,
          headers: { ...headers, host: 'cognito-local', 'content-length': String(body.length) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.setTimeout(10_000, () => request.destroy(new Error('The identity emulator did not answer in time.')));
      request.end(body);
    });
  }

  /** Calls one Cognito operation on the emulator; a Cognito error is rethrown as is. */
  async function upstream(operation: string, body: Json): Promise<Json> {
    const response = await upstreamHttp(
      'POST',
      '/',
      { 'content-type': JSON_CONTENT_TYPE, 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      Buffer.from(JSON.stringify(body)),
    );
    const text = response.body.toString('utf8');
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON: reported below with the status.
    }
    const result = isJson(parsed) ? parsed : {};
    if (response.status < 200 || response.status >= 300) {
      throw new CognitoError(
        str(result.__type) ?? 'InternalErrorException',
        str(result.message) ?? `${operation} failed with ${response.status}`,
        response.status,
      );
    }
    return result;
  }

  // --- tokens of this install -------------------------------------------------------------------

  /**
   * A token with the emulator's claims, signed with this install's key, issued
   * now for the configured lifetime. Its `iat` has milliseconds (a NumericDate
   * may, RFC 7519): the API orders it exactly against a sign-out's cut-off,
   * where Cognito's whole seconds make a token of the cut-off's own second
   * count as before it.
   */
  async function signToken(claims: Json, authTime: number | undefined): Promise<string> {
    const issuedAt = nowSeconds();
    return new SignJWT({
      ...claims,
      iss: options.issuer,
      iat: clock() / 1000,
      exp: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS,
      auth_time: authTime ?? (typeof claims.auth_time === 'number' ? claims.auth_time : issuedAt),
    })
      .setProtectedHeader({ alg: 'RS256', kid: options.signingKey.kid ?? 'thrive-local' })
      .sign(signingKey);
  }

  /**
   * The emulator's answer with its access and ID tokens replaced by ours.
   * `authTime`: when the session began (a refresh keeps the sign-in's time;
   * the emulator would make it now).
   */
  async function withOwnTokens(result: Json, authTime?: number): Promise<Json> {
    const tokens = result.AuthenticationResult;
    if (!isJson(tokens)) return result;
    const own: Json = { ...tokens };
    const idToken = str(tokens.IdToken);
    const role = idToken ? str(jwtClaims(idToken)['custom:role']) : undefined;
    for (const name of ['AccessToken', 'IdToken'] as const) {
      const token = str(tokens[name]);
      if (!token) continue;
      const claims = jwtClaims(token);
      // The role for the screens rides in the access token too, as a production pool's pre-token-generation trigger
      // (V2) puts it there: the app keeps no ID token at rest, and needs the role after a reload, offline too.
      own[name] = await signToken(
        name === 'AccessToken' && role ? { ...claims, 'custom:role': role } : claims,
        authTime,
      );
    }
    own.ExpiresIn = ACCESS_TOKEN_LIFETIME_SECONDS;
    return { ...result, AuthenticationResult: own };
  }

  /** Whether `username` signed out everywhere after a token issued at `issuedAt` (seconds) was made. */
  function signedOutSince(username: string, issuedAt: number): boolean {
    const at = signOuts.get(username.toLowerCase());
    // Whole seconds: a token of the sign-out's own second counts as before it.
    return at !== undefined && issuedAt * 1000 < at;
  }

  async function recordSignOut(username: string): Promise<void> {
    signOuts.set(username.toLowerCase(), clock());
    const content = `${JSON.stringify(Object.fromEntries(signOuts), null, 2)}\n`;
    // One write after another: each writes the whole list, so the last one holds every sign-out.
    signOutsWritten = signOutsWritten.then(() => writeFileAtomic(options.signOutsFile, content, 0o600));
    await signOutsWritten;
  }

  /** An access token of ours, unexpired and not signed out; its claims. Cognito's errors otherwise. */
  async function verifiedAccessToken(token: unknown): Promise<Json> {
    if (typeof token !== 'string') throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    let claims: Json;
    try {
      ({ payload: claims } = await jwtVerify(token, verifyingKey, {
        currentDate: new Date(clock()),
        issuer: options.issuer,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new CognitoError('NotAuthorizedException', 'Access Token has expired');
      }
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    const username = str(claims.username);
    if (claims.token_use !== 'access' || !username)
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    if (signedOutSince(username, claims.iat as number)) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    }
    return claims;
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

  /**
   * Tokens from a refresh (of our own, with the sign-in's `auth_time`), unless
   * the refresh token has ended: signed out everywhere since, past its
   * lifetime or the role's session limit, or its user disabled.
   */
  async function refresh(body: Json): Promise<Json> {
    // The emulator first: it knows a refresh token by its exact text, so a made-up one ends here.
    const result = await upstream('InitiateAuth', body);
    const refreshToken = isJson(body.AuthParameters) ? str(body.AuthParameters.REFRESH_TOKEN) : undefined;
    const claims = refreshToken ? jwtClaims(refreshToken) : {};
    const username = str(claims['cognito:username']);
    const signedInAt = typeof claims.iat === 'number' ? claims.iat : undefined;
    if (!username || signedInAt === undefined)
      throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    if (signedOutSince(username, signedInAt)) {
      throw new CognitoError('NotAuthorizedException', 'Refresh Token has been revoked');
    }
    const user = await adminGetUser(username);
    if (user?.Enabled === false) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
    const attributes = Array.isArray(user?.UserAttributes) ? user.UserAttributes.filter(isJson) : [];
    const role = attributes.find((attribute) => attribute.Name === 'custom:role')?.Value;
    const limit = Math.min(
      sessionLimitSeconds(isRole(role) ? role : 'NO_ROLE'),
      typeof claims.exp === 'number' ? claims.exp - signedInAt : Number.POSITIVE_INFINITY,
    );
    if (nowSeconds() - signedInAt >= limit)
      throw new CognitoError('NotAuthorizedException', 'Refresh Token has expired');
    return withOwnTokens(result, signedInAt);
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
    if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') return refresh(body);
    if (body.AuthFlow !== 'USER_PASSWORD_AUTH') return withOwnTokens(await upstream('InitiateAuth', body));
    const username = isJson(body.AuthParameters) ? str(body.AuthParameters.USERNAME) : undefined;
    // A locked account is refused without a look at the password.
    if (username && !throttle.mayTry(username)) {
      throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
    }
    // Cognito refuses a disabled account before it looks at the password.
    await refuseIfDisabled(username);
    let result: Json;
    try {
      result = await upstream('InitiateAuth', body);
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      if (username && (error.type === 'InvalidPasswordException' || error.type === 'NotAuthorizedException')) {
        throttle.failed(username);
      }
      // The emulator says "Invalid password"; Cognito says NotAuthorizedException.
      if (error.type === 'InvalidPasswordException') {
        throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      }
      // The emulator gives NotAuthorizedException for an unknown user; a LEGACY pool names it.
      if (error.type === 'NotAuthorizedException' && username && (await userStatus(username)) === null) {
        throw new CognitoError('UserNotFoundException', 'User does not exist.');
      }
      throw error;
    }
    if (username) throttle.succeeded(username);
    return withOwnTokens(await requireSetupIfListed(result, clientId));
  }

  async function respondToAuthChallenge(body: Json): Promise<Json> {
    if (body.ChallengeName !== 'MFA_SETUP') {
      // A new password can complete a sign-in too; enrolment still comes first.
      return withOwnTokens(
        await requireSetupIfListed(await upstream('RespondToAuthChallenge', body), str(body.ClientId) ?? ''),
      );
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
    return withOwnTokens({
      ChallengeParameters: {},
      AuthenticationResult: {
        ...held,
        AccessToken: str(freshTokens.AccessToken) ?? held.AccessToken,
        IdToken: str(freshTokens.IdToken) ?? held.IdToken,
        TokenType: 'Bearer',
      },
    });
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
    const result = await refresh({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: body.ClientId,
      AuthParameters: {
        REFRESH_TOKEN: body.RefreshToken,
        ...(str(body.DeviceKey) ? { DEVICE_KEY: body.DeviceKey } : {}),
      },
      ClientMetadata: body.ClientMetadata,
    });
    const tokens = isJson(result.AuthenticationResult) ? result.AuthenticationResult : {};
    // No RefreshToken in the answer: without rotation Cognito omits it and Amplify keeps the old one.
    return {
      AuthenticationResult: {
        AccessToken: tokens.AccessToken,
        IdToken: tokens.IdToken,
        TokenType: 'Bearer',
        ExpiresIn: tokens.ExpiresIn,
      },
    };
  }

  /** Cognito's GlobalSignOut: every token of the user issued until now is refused, refresh tokens included. */
  async function globalSignOut(body: Json): Promise<Json> {
    const claims = await verifiedAccessToken(body.AccessToken);
    await recordSignOut(str(claims.username) ?? '');
    return {};
  }

  /** The app client's WriteAttributes, enforced: never `custom:role`. */
  function refuseUnwritable(names: unknown[]): void {
    const refused = names.filter((name) => typeof name !== 'string' || !APP_CLIENT_WRITE_ATTRIBUTES.includes(name));
    if (refused.length > 0) {
      throw new CognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
    }
  }

  async function updateUserAttributes(body: Json): Promise<Json> {
    const attributes = Array.isArray(body.UserAttributes) ? body.UserAttributes : [];
    refuseUnwritable(attributes.map((attribute) => (isJson(attribute) ? attribute.Name : undefined)));
    return upstream('UpdateUserAttributes', body);
  }

  async function deleteUserAttributes(body: Json): Promise<Json> {
    refuseUnwritable(Array.isArray(body.UserAttributeNames) ? body.UserAttributeNames : []);
    return upstream('DeleteUserAttributes', body);
  }

  function signUp(): Promise<Json> {
    // The pool is AllowAdminCreateUserOnly: staff create accounts (the emulator does not enforce it).
    return Promise.reject(new CognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool'));
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
      case 'GlobalSignOut':
        return globalSignOut;
      case 'UpdateUserAttributes':
        return updateUserAttributes;
      case 'DeleteUserAttributes':
        return deleteUserAttributes;
      case 'SignUp':
        return signUp;
      case 'AdminInitiateAuth':
      case 'AdminRespondToAuthChallenge':
        // Tokens of an admin sign-in are ours too.
        return async (adminBody) => withOwnTokens(await upstream(operation, adminBody));
      default:
        return null;
    }
  }

  // --- HTTP ---------------------------------------------------------------------------------------

  /** CORS headers for the request's origin: only an allowed one is named, never `*`. */
  function corsFor(req: http.IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    return typeof origin === 'string' && allowedOrigins.has(origin)
      ? { 'access-control-allow-origin': origin, ...CORS_HEADERS }
      : {};
  }

  function send(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: string | Buffer,
  ) {
    // Tokens and account data: never kept by a cache, never sniffed into something else.
    res.writeHead(status, {
      ...headers,
      ...corsFor(req),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  }

  function sendJson(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    body: Json,
    headers: Record<string, string> = {},
  ) {
    send(req, res, status, { 'content-type': JSON_CONTENT_TYPE, ...headers }, JSON.stringify(body));
  }

  /** An operation the proxy does not answer itself, on to the emulator as it came. */
  async function passThrough(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'x-amz-user-agent']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await upstreamHttp(req.method ?? 'POST', '/', headers, body);
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      // The emulator's own CORS headers are replaced by ours; what names its server and caching goes.
      if (
        value === undefined ||
        HOP_HEADERS.has(name) ||
        EMULATOR_HEADERS.has(name) ||
        name.startsWith('access-control-')
      ) {
        continue;
      }
      out[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    send(req, res, response.status, out, response.body);
  }

  /** Refuses an admin call not signed with the admin secret, as Cognito refuses one without IAM credentials. */
  function requireAdmin(req: http.IncomingMessage, body: Buffer): void {
    const problem = sigV4Problem(
      { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body },
      { accessKeyId: LOCAL_ADMIN_KEY_ID, secretAccessKey: options.adminSecret },
    );
    if (problem === null) return;
    const type = req.headers.authorization ? 'UnrecognizedClientException' : 'MissingAuthenticationTokenException';
    throw new CognitoError(type, problem, 403);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') {
      send(req, res, 204, {}, '');
      return;
    }
    const body = await readBody(req);
    const pathname = (req.url ?? '/').split('?')[0];

    if (req.method === 'GET') {
      if (pathname === `/${options.userPoolId}/.well-known/jwks.json`) {
        sendJson(req, res, 200, keySet, { 'content-type': 'application/json' });
      } else if (pathname === `/${options.userPoolId}/.well-known/openid-configuration`) {
        sendJson(
          req,
          res,
          200,
          {
            issuer: options.issuer,
            jwks_uri: `${options.issuer}/.well-known/jwks.json`,
            id_token_signing_alg_values_supported: ['RS256'],
          },
          { 'content-type': 'application/json' },
        );
      } else if (pathname === '/health') {
        const health = await upstreamHttp('GET', '/health', {}, Buffer.alloc(0));
        send(req, res, health.status, { 'content-type': 'application/json' }, health.body);
      } else {
        sendJson(req, res, 404, { __type: 'ResourceNotFoundException', message: 'Not found.' });
      }
      return;
    }

    const target = req.headers['x-amz-target'];
    const operation = req.method === 'POST' && typeof target === 'string' ? target.split('.')[1] : undefined;
    if (!operation) {
      throw new CognitoError('UnknownOperationException', 'Name an operation in X-Amz-Target.');
    }
    if (!PUBLIC_OPERATIONS.has(operation)) requireAdmin(req, body);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new CognitoError('SerializationException', 'The body is not JSON.');
    }
    if (!isJson(parsed)) throw new CognitoError('SerializationException', 'The body is not a JSON object.');
    // Every call made with an access token: ours, unexpired, not signed out (the emulator would only decode it).
    if (parsed.AccessToken !== undefined) await verifiedAccessToken(parsed.AccessToken);
    const handler = handlerFor(operation, parsed);
    if (handler) {
      sendJson(req, res, 200, await handler(parsed));
      return;
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
        sendJson(
          req,
          res,
          error.status,
          { __type: error.type, message: error.message },
          { 'x-amzn-errortype': error.type },
        );
        return;
      }
      onError(error);
      // 5xx on purpose: Amplify retries those, which suits a restarting emulator.
      sendJson(req, res, 502, {
        __type: 'InternalErrorException',
        message: 'The identity emulator could not be reached.',
      });
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

/** The global sign-outs kept so far (username -> when, in ms); none when the file is not there yet. */
async function readSignOuts(file: string): Promise<Map<string, number>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!isJson(parsed)) return new Map();
    return new Map(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
}
