/**
 * A wrapped data key (AES-GCM under a key-encryption key, with additional data
 * that ties it to its slot), unwrapped for sealing and opening; null when
 * `kek` is not the key it was wrapped with (AES-GCM's tag does not match).
 * Non-extractable unless a passkey enrolment must wrap it again (keyring.ts).
 */
export async function unwrapDataKey(
  wrapped: ArrayBuffer,
  kek: CryptoKey,
  params: { iv: Uint8Array<ArrayBuffer>; additionalData: Uint8Array<ArrayBuffer> },
  extractable = false,
): Promise<CryptoKey | null> {
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      wrapped,
      kek,
      { name: 'AES-GCM', ...params },
      { name: 'AES-GCM', length: 256 },
      extractable,
      ['encrypt', 'decrypt'],
    );
  } catch {
    return null;
  }
}
