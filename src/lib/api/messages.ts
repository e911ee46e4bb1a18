/**
 * What people are told when something fails: the texts of spec section 8 and
 * the app's wording for API failures, in one place. Screens pick a message
 * from here; they do not write their own versions of these.
 */
import { isApiError } from './errors';

/** Spec section 8: loading a profile (and, in the same words, any screen's data). */
export const LOAD_ERROR_MESSAGES = {
  network:
    'Network error: Unable to connect to the API server. Please check your internet connection or contact support.',
  unauthenticated: 'Authentication error: Your session may have expired. Please try logging in again.',
  forbidden: "Authorization error: You don't have permission to access this resource.",
  server: 'Server error: The server encountered an error. Please try again later.',
  unknown: 'An unknown error occurred',
} as const;

/** Spec section 8, sign-in rows (lib/auth/errors.ts picks among them). */
export const SIGN_IN_MESSAGES = {
  network: 'Network error: Unable to connect to the authentication server. Please check your internet connection.',
  userNotFound: 'User not found. Please check your email address or contact support.',
  alreadySignedIn: 'There is already a signed in user',
  expired: 'Your sign-in took too long and has expired. Please sign in again.',
  unknown: 'An unknown error occurred',
  configuration: 'Configuration error (see console) – please contact the administrator',
} as const;

/** Spec section 8: the session expired and could not be refreshed (an alert, then /login). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

/** Spec section 8: the HIPAA consent could not be saved. */
export const CONSENT_SAVE_FAILED_MESSAGE = 'Failed to record consent. Please try again.';

/** Spec section 8: why a screen's data could not be loaded, for the person looking at it. */
export function loadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return LOAD_ERROR_MESSAGES.network;
    if (error.status === 401) return LOAD_ERROR_MESSAGES.unauthenticated;
    if (error.status === 403) return LOAD_ERROR_MESSAGES.forbidden;
    if (error.status >= 500) return LOAD_ERROR_MESSAGES.server;
  } else if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    return LOAD_ERROR_MESSAGES.network;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return LOAD_ERROR_MESSAGES.unknown;
}
