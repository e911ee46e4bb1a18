import { readFile } from 'node:fs/promises';
import { LOCAL_ADMIN_KEY_ID } from '../../server/identity/identity-admin.ts';
import { LOCAL_REGION } from '../stack/config.ts';
import { identityFiles } from './files.ts';
import { signedHeaders } from './sigv4.ts';

/**
 * One call of the identity service's JSON API (the AWS JSON 1.1 protocol), for
 * scripts and tests. An admin call is signed with `adminSecret` (the install's,
 * scripts/identity/keys.ts), as the API's identity client signs its calls.
 */
export async function callIdentity<T>(
  identityUrl: string,
  target: string,
  body: unknown,
  adminSecret?: string,
): Promise<T & { status: number }> {
  const headers = {
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
  };
  const text = JSON.stringify(body);
  const response = await fetch(identityUrl, {
    method: 'POST',
    headers:
      adminSecret === undefined
        ? headers
        : signedHeaders(
            identityUrl,
            headers,
            text,
            { accessKeyId: LOCAL_ADMIN_KEY_ID, secretAccessKey: adminSecret },
            LOCAL_REGION,
          ),
    body: text,
  });
  return { ...((await response.json()) as T), status: response.status };
}

export interface PasswordSignInAnswer {
  status: number;
  ChallengeName?: string;
  Session?: string;
  AuthenticationResult?: { AccessToken: string; IdToken: string; RefreshToken?: string };
  __type?: string;
  message?: string;
}

/** InitiateAuth with USER_PASSWORD_AUTH, as the app does. */
export function passwordSignIn(
  identityUrl: string,
  clientId: string,
  email: string,
  password: string,
): Promise<PasswordSignInAnswer> {
  return callIdentity<PasswordSignInAnswer>(identityUrl, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
}

/**
 * The temporary password the identity service made for a new account (it travels by e-mail), as the local
 * emulator stores it: in plain text in its user store under `identityDir`.
 */
export async function temporaryPasswordOf(identityDir: string, userPoolId: string, username: string): Promise<string> {
  const { poolFile } = identityFiles(identityDir, userPoolId);
  const pool = JSON.parse(await readFile(poolFile, 'utf8')) as { Users: Record<string, { Password: string }> };
  const password = pool.Users[username]?.Password;
  if (!password) throw new Error(`No user ${username} in ${poolFile}`);
  return password;
}

/**
 * A new account's first sign-in, as a person makes it: the temporary password, then a password of its own
 * (NEW_PASSWORD_REQUIRED). The emulator keeps no refresh token handed out in answer to a challenge, so the
 * account then signs in again with its new password: the answer holds a refresh token.
 */
export async function firstSignIn(
  identityUrl: string,
  clientId: string,
  email: string,
  temporaryPassword: string,
  password: string,
): Promise<PasswordSignInAnswer> {
  const challenge = await passwordSignIn(identityUrl, clientId, email, temporaryPassword);
  const answered = await callIdentity<PasswordSignInAnswer>(identityUrl, 'RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    ClientId: clientId,
    Session: challenge.Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
  });
  if (!answered.AuthenticationResult) {
    throw new Error(`First sign-in of ${email} failed: ${JSON.stringify(answered)}`);
  }
  return passwordSignIn(identityUrl, clientId, email, password);
}
