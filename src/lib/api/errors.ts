import type { components } from '@contract';

export type Problem = components['schemas']['Problem'];

/**
 * Every failed API call ends as an ApiError: a non-2xx answer (with its
 * problem+json body when there is one) or, with status 0, no answer at all.
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly problem: Problem | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Field errors keyed by field name ("body.phone_number" becomes "phone_number"). */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const { field, message } of this.problem?.errors ?? []) {
      const name = field.replace(/^(body|query|path|header)\./, '');
      out[name] ??= message;
    }
    return out;
  }

  static network(cause: unknown): ApiError {
    return new ApiError(0, null, 'The API server could not be reached.', { cause });
  }

  /** Builds the error from a non-2xx response; reads the body, so call it once per response. */
  static async fromResponse(response: Response): Promise<ApiError> {
    const problem = parseProblem(await response.text().catch(() => ''));
    const message = problem?.detail ?? problem?.title ?? `${response.status} ${response.statusText}`.trim();
    return new ApiError(response.status, problem, message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The API refused the access token (401) and the session could not be
 * refreshed: only signing in again helps. Thrown by the client; the app
 * decides what the user sees (spec section 8: an alert, then /login).
 */
export class SessionExpiredError extends ApiError {
  override readonly name: string = 'SessionExpiredError';

  constructor(options?: { cause?: unknown }) {
    super(401, null, 'The session has expired and could not be refreshed.', options);
  }
}

export function isSessionExpiredError(error: unknown): error is SessionExpiredError {
  return error instanceof SessionExpiredError;
}

function parseProblem(text: string): Problem | null {
  if (text === '') return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { type, title, status, detail, instance, errors, current_version, current } = body as Record<string, unknown>;
  if (typeof title !== 'string' || typeof status !== 'number') return null;
  return {
    type: typeof type === 'string' ? type : 'about:blank',
    title,
    status,
    ...(typeof detail === 'string' ? { detail } : {}),
    ...(typeof instance === 'string' ? { instance } : {}),
    ...(typeof current_version === 'number' ? { current_version } : {}),
    ...(typeof current === 'object' && current !== null && !Array.isArray(current)
      ? { current: current as Record<string, unknown> }
      : {}),
    ...(Array.isArray(errors)
      ? {
          errors: errors.filter(
            (e): e is { field: string; message: string } =>
              typeof e === 'object' &&
              e !== null &&
              typeof (e as Record<string, unknown>).field === 'string' &&
              typeof (e as Record<string, unknown>).message === 'string',
          ),
        }
      : {}),
  };
}
