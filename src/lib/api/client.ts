import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError } from './errors';
import type { paths } from './schema.gen';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Absolute URL ending in /api/v1. */
  baseUrl: string;
  /** Supplied by the app from lib/auth, so this module never touches the identity SDK. */
  getAccessToken: () => Promise<string | undefined>;
  fetch?: (request: Request) => Promise<Response>;
}

/** Adds `Authorization: Bearer <access token>` to every call made while signed in. */
export function bearerAuth(getAccessToken: () => Promise<string | undefined>): Middleware {
  return {
    async onRequest({ request }) {
      const token = await getAccessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
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
  client.use(bearerAuth(options.getAccessToken), failuresAsApiError);
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
