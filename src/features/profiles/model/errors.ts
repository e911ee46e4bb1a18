import { isApiError } from '../../../lib/api';

/** Spec section 8, profile-load rows. */
export const PROFILE_LOAD_MESSAGES = {
  network:
    'Network error: Unable to connect to the API server. Please check your internet connection or contact support.',
  unauthenticated: 'Authentication error: Your session may have expired. Please try logging in again.',
  forbidden: "Authorization error: You don't have permission to access this resource.",
  server: 'Server error: The server encountered an error. Please try again later.',
  unknown: 'An unknown error occurred',
} as const;

export function profileLoadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return PROFILE_LOAD_MESSAGES.network;
    if (error.status === 401) return PROFILE_LOAD_MESSAGES.unauthenticated;
    if (error.status === 403) return PROFILE_LOAD_MESSAGES.forbidden;
    if (error.status >= 500) return PROFILE_LOAD_MESSAGES.server;
  } else if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) {
    return PROFILE_LOAD_MESSAGES.network;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return PROFILE_LOAD_MESSAGES.unknown;
}
