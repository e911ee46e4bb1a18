/** One call of the identity service's JSON API (the AWS JSON 1.1 protocol), for scripts and tests. */
export async function callIdentity<T>(
  identityUrl: string,
  target: string,
  body: unknown,
): Promise<T & { status: number }> {
  const response = await fetch(identityUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
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
