import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError, SessionExpiredError } from './errors';
import { measureServerClock } from './server-clock';
import type { paths } from '@contract';

export type ApiClient = Client<paths>;

/**
 * The session as the API client sees it. Supplied by the app from lib/auth,
 * so this module never touches the identity SDK.
 */
export interface SessionTokens {
  /** The saved session's access token (renewed by the identity SDK once expired); undefined when signed out. */
  getAccessToken: () => Promise<string | undefined>;
  /**
   * Forces a refresh of the saved session. Resolves to the new access token,
   * or undefined when the session cannot be refreshed (sign in again); rejects
   * only when the identity service could not be reached. Without it a 401 is
   * an ordinary ApiError.
   */
  refreshSession?: () => Promise<string | undefined>;
}

export interface ApiClientOptions extends SessionTokens {
  /** Absolute URL ending in /api/v1. */
  baseUrl: string;
  /** This device's own id, sent with every request (X-Thrive-Device) so the audit log says where a change came from. */
  deviceId?: string;
  fetch?: (request: Request) => Promise<Response>;
}

/** Three non-empty base64url parts: the only shape of an access token worth sending. */
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function isWellFormedToken(token: unknown): token is string {
  return typeof token === 'string' && JWT.test(token);
}

/**
 * The token an Authorization header carries, with or without (or with a
 * doubled, or oddly cased) Bearer prefix; undefined for a missing or broken
 * one such as 'Bearer undefined', 'null' or a value without three parts.
 */
export function tokenFromHeader(value: string | null): string | undefined {
  if (value === null) return undefined;
  const token = value.trim().replace(/^(bearer\s+)+/i, '');
  return isWellFormedToken(token) ? token : undefined;
}

/**
 * The request interceptor of spec section 7 and the token-expiry rule of
 * section 4:
 * - every request carries `Authorization: Bearer <access token>`: a header
 *   that holds a good token gets the prefix forced; a missing or broken one is
 *   replaced by the saved session's token (none is sent while signed out);
 * - a 401 refreshes the session and sends the request once more, with the new
 *   token; whatever that second answer is, it is final;
 * - requests that fail together share one refresh, and a request that fails
 *   after another's refresh just uses the newer token;
 * - if the session cannot be refreshed, the call throws SessionExpiredError.
 */
export function sessionAuth({ getAccessToken, refreshSession }: SessionTokens): Middleware {
  /** The last refresh: the token the API refused, and the refresh's outcome (the new token, or undefined). */
  let last: { refused: string | undefined; outcome: Promise<string | undefined> } | undefined;
  /** The refresh under way, if any. */
  let inflight: Promise<string | undefined> | undefined;
  /** Per call (openapi-fetch's middleware id): an unsent copy of the request and the token it went with. */
  const sent = new Map<string, { copy: Request; token: string | undefined }>();

  async function savedToken(): Promise<string | undefined> {
    // A refresh under way is about to replace the token: wait for it rather than send the old one.
    if (inflight) await inflight.catch(() => undefined);
    try {
      const token = await getAccessToken();
      return isWellFormedToken(token) ? token : undefined;
    } catch {
      return undefined;
    }
  }

  function startRefresh(refresh: () => Promise<string | undefined>, refused: string | undefined) {
    const outcome = refresh();
    const current = { refused, outcome };
    last = current;
    inflight = outcome;
    outcome.then(
      () => {
        if (inflight === outcome) inflight = undefined;
      },
      () => {
        if (inflight === outcome) inflight = undefined;
        // An unreachable identity service decides nothing: the next 401 may try again.
        if (last === current) last = undefined;
      },
    );
    return outcome;
  }

  /** The token to send the refused request with once more. */
  async function tokenAfter401(refresh: () => Promise<string | undefined>, refused: string | undefined) {
    let outcome: Promise<string | undefined>;
    if (last && last.refused === refused) {
      // The same token was refused before: share that refresh (under way or done), never start another.
      outcome = last.outcome;
    } else {
      const current = await savedToken();
      // Another request's refresh (or the identity SDK) already replaced the token this one went with.
      if (current !== undefined && current !== refused) return current;
      outcome = last && last.refused === refused ? last.outcome : startRefresh(refresh, refused);
    }
    let fresh: string | undefined;
    try {
      fresh = await outcome;
    } catch (error) {
      throw ApiError.network(error);
    }
    if (!isWellFormedToken(fresh)) throw new SessionExpiredError();
    return fresh;
  }

  return {
    async onRequest({ request, id }) {
      const token = tokenFromHeader(request.headers.get('Authorization')) ?? (await savedToken());
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      else request.headers.delete('Authorization');
      // A body can be read only once: keep an unsent copy for the retry.
      if (refreshSession) sent.set(id, { copy: request.clone(), token });
      return request;
    },
    async onResponse({ response, id, options }) {
      const call = sent.get(id);
      sent.delete(id);
      if (response.status !== 401 || !call || !refreshSession) return undefined;
      const token = await tokenAfter401(refreshSession, call.token);
      call.copy.headers.set('Authorization', `Bearer ${token}`);
      try {
        return await options.fetch(call.copy);
      } catch (error) {
        throw ApiError.network(error);
      }
    },
    onError({ id }) {
      sent.delete(id);
      return undefined;
    },
  };
}

/**
 * Turns a non-2xx answer or an unreachable server into an ApiError. It only
 * throws: showing messages and navigating are the UI's and the router's job.
 */
export const failuresAsApiError: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await ApiError.fromResponse(response);
    return undefined;
  },
  onError({ error }) {
    return error instanceof ApiError ? error : ApiError.network(error);
  },
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // Answers pass through middleware last to first: sessionAuth sees a 401 (and
  // retries) before failuresAsApiError turns the final answer into an error.
  client.use(
    failuresAsApiError,
    measureServerClock(),
    sessionAuth({
      getAccessToken: options.getAccessToken,
      ...(options.refreshSession ? { refreshSession: options.refreshSession } : {}),
    }),
  );
  const { deviceId } = options;
  if (deviceId) {
    client.use({
      onRequest({ request }) {
        request.headers.set('X-Thrive-Device', deviceId);
        return request;
      },
    });
  }
  return client;
}

/**
 * The data of a successful call. The middleware has already thrown for any
 * failure, so a missing body here means the contract and the server disagree.
 */
export function dataOf<T>(result: { data?: T; response: Response }): T {
  if (result.data === undefined) {
    throw new ApiError(result.response.status, null, 'The API answered without the expected body.');
  }
  return result.data;
}
