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

/**
 * A screen's code could not be fetched: the browser's words for a dynamic import that failed (Chromium, Firefox,
 * Safari), or Vite's for a stylesheet the import needs. Offline on a device whose service worker did not yet hold the whole app, that screen cannot open until
 * the connection returns; the router then does not reload the page (patches/@tanstack+react-router: a reload
 * offline would lock the app and lose what was typed).
 */
export function isScreenCodeMissing(error: unknown): boolean {
  return (
    error instanceof Error &&
    /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/.test(
      error.message,
    )
  );
}
