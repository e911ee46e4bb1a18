/**
 * A screen's data could not be loaded because the device is offline and
 * nothing of it is saved on this device. Loaders throw it instead of waiting
 * for the network (see createQueryClient); the router loads the screen again
 * by itself when the connection returns (src/app/router.tsx).
 */
export const OFFLINE_NOTHING_SAVED_MESSAGE =
  'You are offline. This page has not been opened on this device before, so there is nothing saved to show. It will load when the connection returns.';

export class OfflineError extends Error {
  constructor() {
    super(OFFLINE_NOTHING_SAVED_MESSAGE);
    this.name = 'OfflineError';
  }
}

export function isOfflineError(error: unknown): error is OfflineError {
  return error instanceof OfflineError;
}
