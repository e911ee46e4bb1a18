import { createApiClient, type ApiClient, type ApiClientOptions } from './client';

export { ApiError, SessionExpiredError, isApiError, isSessionExpiredError } from './errors';
export { dataOf, type ApiClient } from './client';
export { LOAD_ERROR_MESSAGES, SESSION_EXPIRED_MESSAGE, loadErrorMessage } from './messages';

let instance: ApiClient | undefined;

/** Creates the one API client; the app calls this once, after reading its configuration. */
export function initApi(options: ApiClientOptions): ApiClient {
  instance = createApiClient(options);
  return instance;
}

/** The one API client. */
export function api(): ApiClient {
  if (!instance) throw new Error('Thrive: the API client was used before initApi().');
  return instance;
}
