import { LOCAL_ADMIN_KEY_ID } from '../../server/identity/identity-admin.ts';
import { LOCAL_REGION } from '../stack/config.ts';
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
