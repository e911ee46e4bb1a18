/**
 * The strength of the key derived from a person's password on this device (the keyring wraps the data key with it;
 * the bench times it): OWASP's 2023 figure for PBKDF2-HMAC-SHA-256, about half a second to a second on a slow tablet,
 * once per sign-in or unlock.
 */
export const PBKDF2_ITERATIONS = 600_000;
