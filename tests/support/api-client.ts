/**
 * How the API tests talk to the stack: real sign-ins at the identity service
 * (InitiateAuth with USER_PASSWORD_AUTH, as the app does) and plain fetch
 * calls to the API.
 */
import { readFile } from 'node:fs/promises';
import { SignJWT, decodeJwt, importJWK, type JWK, type JWTPayload } from 'jose';
import {
  callIdentity,
  firstSignIn,
  passwordSignIn,
  temporaryPasswordOf as temporaryPasswordOfAccount,
  type PasswordSignInAnswer,
} from '../../scripts/identity/client.ts';
import { identityFiles } from '../../scripts/identity/files.ts';
import { readAdminSecret } from '../../scripts/identity/keys.ts';
import { inject } from 'vitest';
import { DEMO_PASSWORD, demoAccount } from '../../scripts/demo/accounts.ts';
import type { components } from '@contract';
import './api-stack.ts';

export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];

export const stack = inject('apiStack');

/** The demo accounts the suite signs in as, by a short name. */
export const ACTOR_EMAILS = {
  super: 'super@thrive.test',
  admin: 'admin@thrive.test',
  nurse: 'nurse@thrive.test',
  reception: 'reception@thrive.test',
  doctor: 'doctor@thrive.test',
  coach: 'coach@thrive.test',
  nutrition: 'nutrition@thrive.test',
  client: 'client@thrive.test',
  client2: 'client2@thrive.test',
  norole: 'norole@thrive.test',
} as const;
export type Actor = keyof typeof ACTOR_EMAILS;
/** Any account, by its e-mail. */
export type Email = `${string}@${string}`;
export const ACTORS = Object.keys(ACTOR_EMAILS) as Actor[];

export function idOf(actor: Actor): string {
  return demoAccount(ACTOR_EMAILS[actor]).id;
}

export type InitiateAuthAnswer = PasswordSignInAnswer;

/** One call of the identity service's JSON API, as the app (or anyone) makes it. */
export function identityCall<T>(target: string, body: unknown): Promise<T & { status: number }> {
  return callIdentity<T>(stack.identityUrl, target, body);
}

/** One admin call of the identity service, signed with the install's admin secret as the API signs its own. */
export function identityAdminCall<T>(target: string, body: unknown): Promise<T & { status: number }> {
  const { adminSecretFile } = identityFiles(stack.identityDir, stack.userPoolId);
  return callIdentity<T>(stack.identityUrl, target, body, readAdminSecret(adminSecretFile));
}

/**
 * A token as the identity service would sign it (with this install's key), for
 * claims it would never issue: expired, for another client, of a stranger.
 */
export async function mintToken(
  claims: JWTPayload,
  options: { key?: CryptoKey; kid?: string; issuer?: string; expiresIn?: string | number; issuedAt?: number } = {},
): Promise<string> {
  const installKey = JSON.parse(
    await readFile(identityFiles(stack.identityDir, stack.userPoolId).signingKeyFile, 'utf8'),
  ) as JWK;
  const key = options.key ?? ((await importJWK(installKey, 'RS256')) as CryptoKey);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? installKey.kid ?? 'thrive-local' })
    .setIssuer(options.issuer ?? stack.issuer)
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.expiresIn ?? '15m')
    .sign(key);
}

/** The claims of an access token of `username`, as the identity service writes them. */
export function accessClaims(username: string): JWTPayload {
  return {
    token_use: 'access',
    client_id: stack.clientId,
    username,
    sub: username,
    scope: 'aws.cognito.signin.user.admin',
  };
}

/**
 * Waits until the clock is in a later whole second than `since` (ms): tokens
 * count their issue time in seconds, so a sign-in in the very second of a
 * sign-out counts as before it.
 */
export async function nextSecond(since = Date.now()): Promise<void> {
  const wait = Math.floor(since / 1000) * 1000 + 1000 + 20 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

export function initiateAuth(email: string, password: string): Promise<InitiateAuthAnswer> {
  return passwordSignIn(stack.identityUrl, stack.clientId, email, password);
}

/**
 * A kept token is used again only while it has this long to live: no test holds one longer (a test's limit is
 * 30 s; a longer one asks for its token per request, as the app does).
 */
const TOKEN_MARGIN_MS = 2 * 60_000;

interface KeptToken {
  token: string;
  /** When the identity service said it expires (its `exp`), in ms. */
  expiresAt: number;
}

/**
 * Tokens by e-mail, for the whole run: the files share their modules (isolate: false), and a run on a busy
 * machine lasts longer than a token (15 minutes).
 */
const tokens = new Map<string, Promise<KeptToken>>();

function emailOf(who: Actor | Email): string {
  return who in ACTOR_EMAILS ? ACTOR_EMAILS[who as Actor] : who;
}

/** A real access token of a demo account: signed in once, and again when the one kept is near its end. */
export async function accessToken(who: Actor | Email, password = DEMO_PASSWORD): Promise<string> {
  const email = emailOf(who);
  const kept = tokens.get(email);
  if (kept) {
    const { token, expiresAt } = await kept;
    if (expiresAt - Date.now() > TOKEN_MARGIN_MS) return token;
    // Another call found it old first and is signing in: its token is the one to use.
    if (tokens.get(email) !== kept) return accessToken(who, password);
  }
  const signingIn = initiateAuth(email, password).then((answer): KeptToken => {
    const token = answer.AuthenticationResult?.AccessToken;
    if (!token) throw new Error(`Sign-in of ${email} failed: ${JSON.stringify(answer)}`);
    return { token, expiresAt: (decodeJwt(token).exp ?? 0) * 1000 };
  });
  tokens.set(email, signingIn);
  return (await signingIn).token;
}

/**
 * The next call as `who` signs in afresh: its session was ended (a new role,
 * a sign-out). Waits for the next whole second: a session signed in (its
 * `auth_time`, in whole seconds) in the second of the cut-off counts as
 * before it.
 */
export async function signInAgain(who: Actor | Email): Promise<void> {
  await nextSecond();
  forgetToken(who);
}

/** The next call as `who` signs in afresh. */
function forgetToken(who: Actor | Email): void {
  tokens.delete(emailOf(who));
}

export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  /** Sign in as this actor (or e-mail); `token` wins when both are given. */
  as?: Actor | Email;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The If-Match header: a version's ETag, or CURRENT where the version is not what the test is about (the
   * record's version as it is when the request is sent).
   */
  ifMatch?: string | typeof CURRENT;
}

/**
 * "Whatever version the record has now", for tests about something else: the request goes once with a version
 * no record has, and again with the ETag of the 412 that answers it. Any other first answer (a refusal, a bad
 * body) is the answer.
 */
export const CURRENT = Symbol('the record’s current version');
const NO_VERSION = '"0"';

/** A caller of the API at `baseUrl` (ending in /api/v1); `api` below calls the suite's server. */
export function apiClient(baseUrl: string) {
  /** Calls `path` (relative to /api/v1). The body is parsed JSON, or null when there is none. */
  return async function call<T = unknown>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<ApiAnswer<T>> {
    if (options.ifMatch === CURRENT) {
      const first = await call<T>(method, path, { ...options, ifMatch: NO_VERSION });
      const etag = first.headers.get('etag');
      if (first.status !== 412 || etag === null) return first;
      return call<T>(method, path, { ...options, ifMatch: etag });
    }
    const headers: Record<string, string> = {
      ...(options.ifMatch === undefined ? {} : { 'if-match': options.ifMatch }),
      ...options.headers,
    };
    const token = options.token ?? (options.as === undefined ? undefined : await accessToken(options.as));
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text === '' ? null : JSON.parse(text)) as T };
  };
}

export const api = apiClient(stack.apiUrl);

/** The temporary password the API generated for a new account, as the emulator stores it (in plain text). */
export function temporaryPasswordOf(username: string): Promise<string> {
  return temporaryPasswordOfAccount(stack.identityDir, stack.userPoolId, username);
}

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * Creates a user through the API as `as` and signs it in for the first time,
 * choosing its own password (the temporary one travels by e-mail; the test
 * reads it from the emulator's user store instead).
 */
export async function createSignedInUser(
  as: Actor,
  user: Schemas['UserCreate'],
  password = 'Chosen!2026',
): Promise<SignedInUser> {
  const created = await api<Schemas['UserDetail']>('POST', '/users/users', { as, body: user });
  if (created.status !== 201) throw new Error(`Creating ${user.email} failed: ${JSON.stringify(created.body)}`);
  const id = created.body.Username;
  const signedIn = await firstSignIn(
    stack.identityUrl,
    stack.clientId,
    user.email,
    await temporaryPasswordOf(id),
    password,
  );
  const tokens = signedIn.AuthenticationResult;
  if (!tokens?.RefreshToken) throw new Error(`Sign-in of ${user.email} failed: ${JSON.stringify(signedIn)}`);
  return { id, email: user.email, password, accessToken: tokens.AccessToken, refreshToken: tokens.RefreshToken };
}
