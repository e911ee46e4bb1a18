import { isApiError } from '@/lib/api';

/**
 * What to tell the person when a change of the schedule did not go through:
 * the server's own reason where it gave one (a clash, a status that moved
 * on), else what happened in plain words.
 */
export function scheduleErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  if (error.isNetworkError) {
    return 'The clinic’s server could not be reached, so nothing was changed. Check the connection and try again.';
  }
  if (error.status === 412) {
    return 'Someone changed this appointment since you opened it. The schedule now shows it as it is; please look again.';
  }
  if (error.status === 403) return 'You may not make this change.';
  return error.problem?.detail ?? error.message;
}

/** Whether the server refused because the time is taken or the clinic is closed (409): shown at the time field. */
export function isTimeRefusal(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/** Booking and moving appointments need the server to decide who gets the time. */
export const NEEDS_NETWORK_MESSAGE =
  'You are offline. Booking and moving appointments need a connection, because the clinic’s server decides who gets each time. What you typed stays here.';

/** A status move could not even be kept on this device (its storage refused): nothing was changed. */
export const MOVE_NOT_KEPT = 'The change could not be kept on this device. Nothing was changed; please try again.';
