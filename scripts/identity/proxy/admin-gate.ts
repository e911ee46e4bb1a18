/**
 * Admin calls (AdminSetUserPassword, ListUsers, AdminCreateUser, ...) need AWS
 * SigV4 credentials, as Cognito's do: the API's identity client holds the
 * install's admin secret; nobody else does.
 */
import type http from 'node:http';
import { LOCAL_ADMIN_KEY_ID } from '../../../server/identity/identity-admin.ts';
import { sigV4Problem } from '../sigv4.ts';
import { CognitoError } from './cognito.ts';

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

/** Refuses an admin call not signed with the admin secret, as Cognito refuses one without IAM credentials. */
export function requireAdminIfNeeded(
  operation: string,
  req: http.IncomingMessage,
  body: Buffer,
  adminSecret: string,
): void {
  if (PUBLIC_OPERATIONS.has(operation)) return;
  const problem = sigV4Problem(
    { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body },
    { accessKeyId: LOCAL_ADMIN_KEY_ID, secretAccessKey: adminSecret },
  );
  if (problem === null) return;
  const type = req.headers.authorization ? 'UnrecognizedClientException' : 'MissingAuthenticationTokenException';
  throw new CognitoError(type, problem, 403);
}
