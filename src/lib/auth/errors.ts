/**
 * Turning identity-service failures into the texts of spec section 8. Works on
 * the error's name and message only, so it needs no Amplify import and is
 * easy to test.
 */
import { SIGN_IN_MESSAGES } from '@/lib/api/messages';

export { SIGN_IN_MESSAGES };

function nameOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string') {
    return error.name;
  }
  return undefined;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    const message = error.message.trim();
    return message === '' ? undefined : message;
  }
  if (typeof error === 'string' && error.trim() !== '') return error.trim();
  return undefined;
}

/**
 * Amplify wraps a failed fetch in an AmplifyError named `NetworkError`; a bare
 * fetch failure is a `TypeError` ("Failed to fetch", "Load failed", "NetworkError
 * when attempting to fetch resource", depending on the browser).
 */
export function isNetworkError(error: unknown): boolean {
  const name = nameOf(error);
  if (name === 'NetworkError') return true;
  if (error instanceof TypeError) return /fetch|network|load failed/i.test(error.message);
  return false;
}

/**
 * The pending sign-in is gone: Amplify's own store forgot it (`SignInException`),
 * or the identity service refused the expired challenge session.
 */
export function isExpiredSignInError(error: unknown): boolean {
  const name = nameOf(error);
  if (name === 'SignInException') return true;
  return name === 'NotAuthorizedException' && /session/i.test(messageOf(error) ?? '');
}

/** The identity service's answer to a code resend for an account that is confirmed already. */
export function isAlreadyConfirmedError(error: unknown): boolean {
  return /already confirmed/i.test(messageOf(error) ?? '');
}

/** Amplify's names for an identity configuration that is missing (Amplify.configure without a user pool). */
const CONFIGURATION_ERRORS = new Set([
  'AuthUserPoolException',
  'AuthTokenConfigException',
  'AuthUserPoolAndIdentityPoolException',
]);

export function isConfigurationError(error: unknown): boolean {
  return CONFIGURATION_ERRORS.has(nameOf(error) ?? '');
}

/**
 * Spec section 8, sign-in rows: network, unknown user, already signed in, a
 * missing identity configuration, else the error's own message.
 */
export function signInErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return SIGN_IN_MESSAGES.network;
  if (isConfigurationError(error)) return SIGN_IN_MESSAGES.configuration;
  const name = nameOf(error);
  if (name === 'UserNotFoundException') return SIGN_IN_MESSAGES.userNotFound;
  if (name === 'UserAlreadyAuthenticatedException') return SIGN_IN_MESSAGES.alreadySignedIn;
  return messageOf(error) ?? SIGN_IN_MESSAGES.unknown;
}
