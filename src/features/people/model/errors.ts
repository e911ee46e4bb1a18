import { isApiError } from '@/lib/api';

/** What an account change is called in its messages, e.g. 'Creating a user'. */
export type ChangeName =
  | 'Creating a user'
  | 'Disabling an account'
  | 'Enabling an account'
  | 'Deleting a user'
  | 'Resetting a password'
  | 'Sending an invitation';

export function needsNetworkMessage(change: ChangeName): string {
  return `${change} needs the network. You are offline: nothing was sent. Try again when the connection is back.`;
}

/** Whether the change failed for want of a network (no answer at all). */
export function isOfflineFailure(error: unknown): boolean {
  return isApiError(error) && error.isNetworkError;
}

/**
 * Why an account change failed, for the admin who tried it: the server's own
 * explanation (its problem detail says what was refused and why), a plain
 * line for a server failure, and the network line when there was no answer.
 */
export function accountChangeErrorMessage(change: ChangeName, error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return needsNetworkMessage(change);
    if (error.status >= 500 && !error.problem?.detail) {
      return `${change} failed on the server. Nothing was changed; please try again later.`;
    }
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'An unknown error occurred';
}
