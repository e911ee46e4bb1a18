import { SESSION_EXPIRED_MESSAGE, isApiError, isSessionExpiredError } from '@/lib/api';

/** The change could not even be kept on this device (its storage refused): nothing was changed. */
export const ENROLLMENT_NOT_KEPT =
  'The change could not be kept on this device. Nothing was changed; please try again.';

/** Why the enrollments could not be loaded, for the person looking. */
export function enrollmentFailureMessage(error: unknown): string {
  if (isSessionExpiredError(error)) return SESSION_EXPIRED_MESSAGE;
  if (!isApiError(error)) return 'Something went wrong; please try again.';
  if (error.isNetworkError) return 'The server could not be reached. Please check the connection and try again.';
  if (error.status >= 500) return 'The server could not answer just now; please try again.';
  return error.message;
}
