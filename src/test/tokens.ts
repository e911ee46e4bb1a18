import { TOKEN_KEY_PREFIX } from '@/lib/auth/token-keys';

/** The local app client, whose keys Amplify writes the session under. */
export const TEST_CLIENT_ID = 'thrive-local-web-client';
/** The start of every key of the test client's session: `<this>.<user>.<token>`, `<this>.LastAuthUser`. */
export const TEST_SESSION_KEY = `${TOKEN_KEY_PREFIX}${TEST_CLIENT_ID}`;

/** A token with these claims, its JSON in UTF-8 as the identity service encodes it; unsigned (no test checks it). */
export function unsignedJwt(claims: object): string {
  const base64url = (json: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(json)))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${base64url('{"alg":"none"}')}.${base64url(JSON.stringify(claims))}.c2ln`;
}
