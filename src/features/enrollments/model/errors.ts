import { SESSION_EXPIRED_MESSAGE, isApiError, isSessionExpiredError } from '@/lib/api';

export const ENROLLMENT_OFFLINE =
  'You are offline. Changing enrollments needs the network: nothing was changed, try again once you are back online.';

/** Why an enrollment call failed, for the person who tried it. */
export function enrollmentFailureMessage(error: unknown): string {
  if (isSessionExpiredError(error)) return SESSION_EXPIRED_MESSAGE;
  if (!isApiError(error)) return 'Something went wrong. Nothing was changed; please try again.';
  if (error.isNetworkError) return ENROLLMENT_OFFLINE;
  if (error.status === 404) return 'This enrollment no longer exists; the list now shows what is there.';
  if (error.status >= 500) return 'The server could not make the change. Nothing was changed; please try again.';
  return error.message;
}
