/**
 * A small HTTP proxy in front of cognito-local that fills the gaps between the
 * emulator and Amazon Cognito which the app depends on, so the app (Amplify,
 * configured with `userPoolEndpoint`) runs unchanged against either, and that
 * makes the local stack safe to leave running.
 *
 * The emulator listens on a Unix socket inside the identity folder, so the
 * proxy is the only way in. What the proxy does beyond passing calls through,
 * each in its own module under proxy/:
 * - tokens.ts: tokens of this install's key (the emulator's is published), with
 *   Cognito's lifetimes as configured here, and every access token sent checked.
 * - admin-gate.ts: admin calls need SigV4 credentials of the install's admin secret.
 * - challenge-sessions.ts: a challenge is answered only with a Session the proxy
 *   issued for it, that user and that app client, once, within 3 minutes.
 * - sign-in.ts: sign-in throttling per account, a checked temporary password,
 *   disabled accounts refused, Cognito's errors.
 * - mfa-setup.ts: the MFA_SETUP challenge for users listed in `mfa-setup.json`.
 * - refresh.ts: GetTokensFromRefreshToken, and refresh tokens that end as the product's do.
 * - sign-outs.ts: GlobalSignOut.
 * - account-calls.ts: the calls a user makes about its own account where the emulator falls short.
 * - transport.ts: CORS for the app's origin only, no caching, pass-through.
 * - An openid-configuration with the real issuer (the emulator's hard-codes port 9229).
 *
 * This is dev and test infrastructure only; production talks to Cognito directly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';
import { COGNITO_SIGN_IN_THROTTLE, createSignInThrottle, type SignInThrottleOptions } from './sign-in-throttle.ts';
import { createAccountCalls } from './proxy/account-calls.ts';
import { requireAdminIfNeeded } from './proxy/admin-gate.ts';
import { CHALLENGE_SESSION_TTL_MS, createChallengeSessions } from './proxy/challenge-sessions.ts';
import { CognitoError, isJson, str, type Json, type Operation } from './proxy/cognito.ts';
import { createEmulator, type Emulator } from './proxy/emulator.ts';
import { createMfaSetup } from './proxy/mfa-setup.ts';
import { createRefresh } from './proxy/refresh.ts';
import { createSignIn } from './proxy/sign-in.ts';
import { loadSignOuts } from './proxy/sign-outs.ts';
import { createTokens, type Tokens } from './proxy/tokens.ts';
import { createTransport, readBody, type Transport } from './proxy/transport.ts';

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
  /** How long a step of a pending sign-in (its challenge Session) lives (Cognito: 3 minutes). */
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

/** The operations the proxy answers itself, by name; the rest pass through. */
async function createOperations(options: IdentityProxyOptions, emulator: Emulator, clock: () => number) {
  const signOuts = await loadSignOuts(options.signOutsFile, clock);
  const tokens = await createTokens(options, signOuts, clock);
  const throttle = createSignInThrottle(options.signInThrottle ?? COGNITO_SIGN_IN_THROTTLE, clock);
  const sessions = createChallengeSessions(options.sessionTtlMs ?? CHALLENGE_SESSION_TTL_MS, clock);
  const accountOf = async (typed: string | undefined) => str((await emulator.findUser(typed))?.Username) ?? null;
  const refresh = createRefresh(emulator, tokens, signOuts, clock);
  const mfaSetup = createMfaSetup({
    mfaSetupFile: options.mfaSetupFile,
    emulator,
    tokens,
    sessions,
    throttle,
    accountOf,
  });
  const signIn = createSignIn({
    userPoolId: options.userPoolId,
    emulator,
    tokens,
    refresh,
    sessions,
    throttle,
    mfaSetup,
    accountOf,
  });
  const account = createAccountCalls(options.userPoolId, emulator, tokens, signOuts);
  const ownTokens =
    (operation: string): Operation =>
    async (body) =>
      tokens.withOwnTokens(await emulator.call(operation, body));
  const answered: Record<string, Operation> = {
    GetTokensFromRefreshToken: refresh.getTokensFromRefreshToken,
    InitiateAuth: signIn.initiateAuth,
    RespondToAuthChallenge: signIn.respondToAuthChallenge,
    ResendConfirmationCode: account.resendConfirmationCode,
    ConfirmSignUp: account.confirmSignUp,
    GetUserAttributeVerificationCode: account.getUserAttributeVerificationCode,
    GlobalSignOut: account.globalSignOut,
    UpdateUserAttributes: account.updateUserAttributes,
    DeleteUserAttributes: account.deleteUserAttributes,
    SignUp: account.signUp,
    // Tokens of an admin sign-in are ours too.
    AdminInitiateAuth: ownTokens('AdminInitiateAuth'),
    AdminRespondToAuthChallenge: ownTokens('AdminRespondToAuthChallenge'),
  };
  return {
    tokens,
    /** The proxy's own answer to `operation`, or null to pass it through. */
    handlerFor(operation: string, body: Json): Operation | null {
      // With a Session (and no access token) these are steps of MFA_SETUP, which only the proxy issues.
      const sessionBased = body.Session !== undefined && body.AccessToken === undefined;
      if (operation === 'AssociateSoftwareToken' && sessionBased) return mfaSetup.associateSoftwareToken;
      if (operation === 'VerifySoftwareToken' && sessionBased) return mfaSetup.verifySoftwareToken;
      return Object.hasOwn(answered, operation) ? answered[operation]! : null;
    },
  };
}

/** The well-known documents and the health check. */
async function answerGet(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  context: { options: IdentityProxyOptions; emulator: Emulator; transport: Transport; tokens: Tokens },
): Promise<void> {
  const { options, transport } = context;
  const pathname = (req.url ?? '/').split('?')[0];
  const json = { 'content-type': 'application/json' };
  if (pathname === `/${options.userPoolId}/.well-known/jwks.json`) {
    transport.sendJson(req, res, 200, context.tokens.keySet, json);
  } else if (pathname === `/${options.userPoolId}/.well-known/openid-configuration`) {
    const discovery = {
      issuer: options.issuer,
      jwks_uri: `${options.issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
    };
    transport.sendJson(req, res, 200, discovery, json);
  } else if (pathname === '/health') {
    const health = await context.emulator.http('GET', '/health', {}, Buffer.alloc(0));
    transport.send(req, res, health.status, json, health.body);
  } else {
    transport.sendJson(req, res, 404, { __type: 'ResourceNotFoundException', message: 'Not found.' });
  }
}

/** The operation an `X-Amz-Target` names, and the JSON object its body must be. */
function parseCall(req: http.IncomingMessage, body: Buffer): { operation: string; parsed: () => Json } {
  const target = req.headers['x-amz-target'];
  const operation = req.method === 'POST' && typeof target === 'string' ? target.split('.')[1] : undefined;
  if (!operation) throw new CognitoError('UnknownOperationException', 'Name an operation in X-Amz-Target.');
  return {
    operation,
    parsed() {
      let value: unknown;
      try {
        value = JSON.parse(body.toString('utf8'));
      } catch {
        throw new CognitoError('SerializationException', 'The body is not JSON.');
      }
      if (!isJson(value)) throw new CognitoError('SerializationException', 'The body is not a JSON object.');
      return value;
    },
  };
}

export async function startIdentityProxy(options: IdentityProxyOptions): Promise<IdentityProxy> {
  const onError = options.onError ?? ((error: unknown) => console.error('[identity proxy]', error));
  const clock = options.clock ?? Date.now;
  const emulator = createEmulator(options.upstreamSocket, options.userPoolId);
  const transport = createTransport(emulator, options.allowedOrigins ?? []);
  const operations = await createOperations(options, emulator, clock);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') return transport.send(req, res, 204, {}, '');
    const body = await readBody(req);
    if (req.method === 'GET') return answerGet(req, res, { options, emulator, transport, tokens: operations.tokens });
    const call = parseCall(req, body);
    requireAdminIfNeeded(call.operation, req, body, options.adminSecret);
    const parsed = call.parsed();
    // Every call made with an access token: ours, unexpired, not signed out (the emulator would only decode it).
    if (parsed.AccessToken !== undefined) await operations.tokens.verifiedAccessToken(parsed.AccessToken);
    const handler = operations.handlerFor(call.operation, parsed);
    if (handler) return transport.sendJson(req, res, 200, await handler(parsed));
    await transport.passThrough(req, res, body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof CognitoError) {
        const answer = { __type: error.type, message: error.message };
        transport.sendJson(req, res, error.status, answer, { 'x-amzn-errortype': error.type });
        return;
      }
      onError(error);
      // 5xx on purpose: Amplify retries those, which suits a restarting emulator.
      const answer = { __type: 'InternalErrorException', message: 'The identity emulator could not be reached.' };
      transport.sendJson(req, res, 502, answer);
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
