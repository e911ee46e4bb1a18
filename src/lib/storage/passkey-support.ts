/**
 * Whether this browser can unlock Thrive with a passkey: a platform
 * authenticator that checks the person itself (fingerprint, face or screen
 * lock) and WebAuthn's PRF extension, which the unlock needs (passkey-wrap.ts).
 * Without the library that runs the ceremony (passkey-ceremony.ts), so asking
 * costs the page nothing.
 */
export async function passkeyUnlockSupported(): Promise<boolean> {
  if (typeof PublicKeyCredential === 'undefined' || typeof PublicKeyCredential.getClientCapabilities !== 'function') {
    return false;
  }
  try {
    const [platform, capabilities] = await Promise.all([
      PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable(),
      PublicKeyCredential.getClientCapabilities(),
    ]);
    return platform && capabilities['extension:prf'] === true;
  } catch {
    return false;
  }
}
