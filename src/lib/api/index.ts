import { createApiClient, type ApiClient, type ApiClientOptions } from './client';
import { serverClockOffset } from './server-clock';

export { ApiError, SessionExpiredError, isApiError, isSessionExpiredError } from './errors';
export { dataOf, type ApiClient } from './client';
export { serverClockOffset } from './server-clock';
export { LOAD_ERROR_MESSAGES, SESSION_EXPIRED_MESSAGE, loadErrorMessage } from './messages';

let instance: ApiClient | undefined;
let configured: ApiClientOptions | undefined;

/** Creates the one API client; the app calls this once, after reading its configuration. */
export function initApi(options: ApiClientOptions): ApiClient {
  configured = options;
  instance = createApiClient(options);
  return instance;
}

/**
 * `POST /session/logout` with the access token of a session that is ending:
 * the API refuses every token of the user issued until now. Outside the
 * session's refresh-and-retry (a 401 here means the session has ended
 * already). `keepDeviceData`: this device keeps what must outlive the session
 * (changes not yet sent, its own settings), so the browser is asked to clear
 * its HTTP cache only. `pressedAt` (this device's clock) is sent on the server's clock as last measured, so a
 * sign-out arriving late ends only the sessions started before the press. Rejects when the API refuses or cannot
 * be reached.
 */
export async function endSessionsAtApi(accessToken: string, keepDeviceData: boolean, pressedAt: number): Promise<void> {
  if (!configured) throw new Error('Thrive: the API client was used before initApi().');
  const { refreshSession: _refresh, ...options } = configured;
  const client = createApiClient({ ...options, getAccessToken: () => Promise.resolve(accessToken) });
  const signedOutAt = new Date(pressedAt + (serverClockOffset() ?? 0)).toISOString();
  await client.POST('/session/logout', { body: { keep_device_data: keepDeviceData, signed_out_at: signedOutAt } });
}

/** The one API client. */
export function api(): ApiClient {
  if (!instance) throw new Error('Thrive: the API client was used before initApi().');
  return instance;
}
