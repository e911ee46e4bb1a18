/**
 * Signing keys anybody can read, so never to be trusted: cognito-local signs
 * with a key pair shipped inside its npm package
 * (cognito-local/lib/keys/cognitoLocal.private.json), with which anyone can
 * mint a token for any user. Listed by RFC 7638 thumbprint; the unit test
 * checks the list against the package's key.
 */
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

const PUBLISHED_KEY_THUMBPRINTS: ReadonlySet<string> = new Set([
  // cognito-local 5.x, kid "CognitoLocal".
  'jS8J3RuOy291lpsiFe2NfKV6VkdfMF4Q_840qOLXAjs',
]);

/** The RFC 7638 thumbprint of a public key, from its JWK (only its public members count). */
export async function thumbprintOf(jwk: JWK): Promise<string> {
  return calculateJwkThumbprint(jwk);
}

function isCryptoKey(key: JWK | CryptoKey): key is CryptoKey {
  return typeof CryptoKey !== 'undefined' && key instanceof CryptoKey;
}

/** Whether a key (a JWK, or a key object from a key set) is one of the published ones. */
export async function isPublishedKey(key: JWK | CryptoKey | Uint8Array): Promise<boolean> {
  if (key instanceof Uint8Array) return false;
  const jwk = isCryptoKey(key) ? await exportJWK(key) : key;
  if (jwk.kty !== 'RSA' && jwk.kty !== 'EC' && jwk.kty !== 'OKP') return false;
  return PUBLISHED_KEY_THUMBPRINTS.has(await thumbprintOf(jwk));
}

export class PublishedKeyError extends Error {
  constructor(jwksUrl: string) {
    super(
      `The identity service at ${jwksUrl} signs with a key published in the cognito-local npm package: ` +
        'anyone could mint its tokens. Run the local identity service through scripts/identity (its proxy signs ' +
        'with a key of this install), or point COGNITO_JWKS_URL at the real identity service.',
    );
    this.name = 'PublishedKeyError';
  }
}

/**
 * At start-up: refuses an identity service whose key set holds a published
 * key. An unreachable key set is not decided here (tokens are checked one by
 * one anyway, published keys refused).
 */
export async function refusePublishedKeys(jwksUrl: string, fetchKeys: typeof fetch = fetch): Promise<void> {
  let keys: unknown;
  try {
    const response = await fetchKeys(jwksUrl, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return;
    keys = ((await response.json()) as { keys?: unknown }).keys;
  } catch {
    return;
  }
  if (!Array.isArray(keys)) return;
  for (const key of keys as JWK[]) {
    if (typeof key === 'object' && key !== null && (await isPublishedKey(key))) throw new PublishedKeyError(jwksUrl);
  }
}
