/**
 * The local identity service's own secrets, made once per install into its
 * data folder and readable by their owner only (mode 0600):
 * - the key pair the proxy signs tokens with: cognito-local signs with a key
 *   published in its npm package, with which anyone could mint tokens;
 * - the secret admin calls are signed with (AWS SigV4, as Cognito's admin API
 *   wants IAM credentials), which only the API's identity client holds.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { writeFileAtomic } from './files.ts';

const OWNER_ONLY = 0o600;

async function readOwnerOnly(file: string): Promise<string | null> {
  try {
    const text = await readFile(file, 'utf8');
    // A file left readable by others (copied, restored from a backup) is closed again.
    await chmod(file, OWNER_ONLY);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The private signing key (a JWK with its `kid`), made on first use. */
export async function ensureSigningKey(file: string): Promise<JWK> {
  const existing = await readOwnerOnly(file);
  if (existing !== null) return JSON.parse(existing) as JWK;
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  const key: JWK = { ...jwk, kid, alg: 'RS256', use: 'sig' };
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, `${JSON.stringify(key)}\n`, OWNER_ONLY);
  return key;
}

/** The public half of a signing key, as a key set publishes it. */
export function publicJwk(key: JWK): JWK {
  const { kty, n, e, kid, alg, use } = key;
  return { kty, n, e, kid, alg, use };
}

/** The admin secret, made on first use. */
export async function ensureAdminSecret(file: string): Promise<string> {
  const existing = await readOwnerOnly(file);
  if (existing !== null) return existing.trim();
  const secret = randomBytes(32).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, `${secret}\n`, OWNER_ONLY);
  return secret;
}

/** The admin secret of a running local identity service, for the API and for tests that administer accounts. */
export function readAdminSecret(file: string): string {
  return readFileSync(file, 'utf8').trim();
}
