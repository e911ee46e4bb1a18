/**
 * The second wrap of a person's data key: under a key derived from a passkey's
 * PRF output (WebAuthn's `prf` extension, the authenticator's hmac-secret).
 * The authenticator gives the same 32 bytes for the same credential and the
 * same input (the per-person salt stored here) once the person has passed its
 * own check (fingerprint, face or screen lock), and never gives them to
 * another site or another credential. HKDF-SHA-256 turns them into an AES-GCM
 * key that wraps the very data key the password wraps. Neither the PRF output
 * nor the key derived from it is stored.
 */

import { unwrapDataKey } from './unwrap-data-key';

/** The PRF input's length: the extension hashes whatever it is given, 32 random bytes say it all. */
export const PRF_SALT_BYTES = 32;

/** What is stored for a passkey beside the password's wrap (keyring.ts). */
export interface PasskeyWrap {
  /** The credential's id, base64url, as WebAuthn names it. */
  credentialId: string;
  /** The PRF input, also HKDF's salt: fixed for this person's passkey on this device. */
  prfSalt: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  wrapped: ArrayBuffer;
}

/** A passkey's answer to the PRF input it was asked with. */
export interface PasskeyProof {
  credentialId: string;
  prfOutput: BufferSource;
}

/** How the person proves it is them, on the device alone. */
export type PersonProof = { password: string } | { passkey: PasskeyProof };

/** What the unlock screen and the enrolment ask a passkey for. */
export interface EnrolledPasskey {
  credentialId: string;
  prfSalt: Uint8Array<ArrayBuffer>;
}

export function isPasskeyWrap(value: unknown): value is PasskeyWrap {
  if (typeof value !== 'object' || value === null) return false;
  const wrap = value as Partial<PasskeyWrap>;
  return (
    typeof wrap.credentialId === 'string' &&
    wrap.prfSalt instanceof Uint8Array &&
    wrap.iv instanceof Uint8Array &&
    wrap.wrapped instanceof ArrayBuffer
  );
}

const HKDF_INFO = new TextEncoder().encode('thrive-keyring passkey wrap v1');

/** The additional data of a passkey wrap: it does not open in another person's slot, nor as a password wrap. */
const passkeyData = (slot: string) => new TextEncoder().encode(`thrive-keyring:${slot}:passkey`);

async function prfWrappingKey(prfOutput: BufferSource, prfSalt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', prfOutput, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: prfSalt, info: HKDF_INFO },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/** Wraps `dataKey` (extractable for this moment only) under the passkey's PRF output. */
export async function wrapWithPasskey(
  slot: string,
  dataKey: CryptoKey,
  passkey: { credentialId: string; prfSalt: Uint8Array<ArrayBuffer>; prfOutput: BufferSource },
): Promise<PasskeyWrap> {
  const kek = await prfWrappingKey(passkey.prfOutput, passkey.prfSalt);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const wrapped = await crypto.subtle.wrapKey('raw', dataKey, kek, {
    name: 'AES-GCM',
    iv,
    additionalData: passkeyData(slot),
  });
  return { credentialId: passkey.credentialId, prfSalt: passkey.prfSalt, iv, wrapped };
}

/** The data key, non-extractable; null when `prfOutput` is not the one it was wrapped with (another credential). */
export async function unwrapWithPasskey(
  slot: string,
  wrap: PasskeyWrap,
  prfOutput: BufferSource,
): Promise<CryptoKey | null> {
  const kek = await prfWrappingKey(prfOutput, wrap.prfSalt);
  return unwrapDataKey(wrap.wrapped, kek, { iv: wrap.iv, additionalData: passkeyData(slot) });
}
