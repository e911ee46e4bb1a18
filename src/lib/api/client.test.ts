import { describe, expect, it, vi } from 'vitest';
import { createApiClient, dataOf, isWellFormedToken, tokenFromHeader } from './client';
import { ApiError, SessionExpiredError } from './errors';

const BASE = 'http://localhost:4173/api/v1';
const USER_ID = '5f0c1c1e-1111-4222-8333-444455556666';

function json(status: number, body: unknown, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType } });
}

function clientAnswering(answer: (request: Request) => Response | Promise<Response>, token?: string) {
  const seen: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    seen.push(request);
    return answer(request);
  });
  const client = createApiClient({ baseUrl: BASE, getAccessToken: () => Promise.resolve(token), fetch });
  return { client, seen };
}

describe('createApiClient', () => {
  it('calls the API base with the Bearer access token', async () => {
    const { client, seen } = clientAnswering(
      () => json(200, { Username: USER_ID, Profile: null, UserAttributes: [] }),
      'header.payload.signature',
    );
    const result = await client.GET('/users/users/{id}', { params: { path: { id: USER_ID } } });
    expect(dataOf(result)).toEqual({ Username: USER_ID, Profile: null, UserAttributes: [] });
    expect(seen[0]?.url).toBe(`${BASE}/users/users/${USER_ID}`);
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer header.payload.signature');
  });

  it('sends no Authorization header while signed out', async () => {
    const { client, seen } = clientAnswering(() => json(200, { status: 'ok' }));
    await client.GET('/health');
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });

  it('throws a typed ApiError with the problem and its field errors for a non-2xx answer', async () => {
    const problem = {
      type: 'https://thrive.test/problems/validation',
      title: 'Bad request',
      status: 400,
      detail: 'phone_number must be E.164',
      errors: [{ field: 'body.phone_number', message: 'must match pattern' }],
    };
    const { client } = clientAnswering(() => json(400, problem, 'application/problem+json'));
    const error = await client
      .PATCH('/users/user-profiles/{id}', { params: { path: { id: USER_ID } }, body: { phone_number: '12' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, problem, message: 'phone_number must be E.164' });
    expect((error as ApiError).fieldErrors).toEqual({ phone_number: 'must match pattern' });
  });

  it('uses the status line when the body is not a problem', async () => {
    const { client } = clientAnswering(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    const error = await client.GET('/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, problem: null, message: '502 Bad Gateway' });
  });

  it('turns an unreachable server into a network ApiError', async () => {
    const { client } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await client.GET('/health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).status).toBe(0);
  });
});

describe('dataOf', () => {
  it('refuses a success without a body', () => {
    expect(() => dataOf({ response: new Response(null, { status: 204 }) })).toThrow(ApiError);
  });
});

describe('tokenFromHeader', () => {
  it.each([
    ['Bearer a.b.c', 'a.b.c'],
    ['a.b.c', 'a.b.c'],
    ['bearer a.b.c', 'a.b.c'],
    ['BEARER   a.b.c ', 'a.b.c'],
    ['Bearer Bearer a.b.c', 'a.b.c'],
    ['Bearer eyJ-_x.eyJ_-y.s1g-_', 'eyJ-_x.eyJ_-y.s1g-_'],
  ])('reads %j as the token %j', (header, token) => {
    expect(tokenFromHeader(header)).toBe(token);
  });

  it.each([
    null,
    '',
    'Bearer',
    'Bearer ',
    'undefined',
    'Bearer undefined',
    'Bearer null',
    'a.b',
    'Bearer a.b.',
    'a..c',
  ])('finds no usable token in %j', (header) => {
    expect(tokenFromHeader(header)).toBeUndefined();
  });

  it('accepts only three non-empty base64url parts as a token', () => {
    expect(isWellFormedToken('x.y.z')).toBe(true);
    expect(isWellFormedToken('x.y.z.w')).toBe(false);
    expect(isWellFormedToken('x.y z.w')).toBe(false);
    expect(isWellFormedToken(undefined)).toBe(false);
  });
});

/**
 * A signed-in session whose access token the API accepts only while it is
 * `accepted`; a refresh issues the next token (or fails, as told).
 */
function expiringSession({ refreshFails = false, refreshUnreachable = false } = {}) {
  let token = 'old.access.token';
  let issued = 0;
  let held: Promise<void> = Promise.resolve();
  const session = {
    accepted: new Set<string>(),
    get token() {
      return token;
    },
    /** Keeps every refresh from answering until the returned function is called. */
    holdRefresh(): () => void {
      let release: () => void = () => undefined;
      held = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    getAccessToken: vi.fn(() => Promise.resolve(token)),
    refreshSession: vi.fn(async () => {
      await held;
      if (refreshUnreachable) throw new TypeError('Failed to fetch');
      if (refreshFails) return undefined;
      issued += 1;
      token = `new.access.token${issued}`;
      session.accepted.add(token);
      return token;
    }),
  };
  return session;
}

function sessionClient(session: ReturnType<typeof expiringSession>) {
  const seen: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    seen.push(request);
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    if (!session.accepted.has(token)) {
      return json(
        401,
        { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'The access token has expired.' },
        'application/problem+json',
      );
    }
    const body = request.method === 'PATCH' ? ((await request.json()) as unknown) : null;
    return json(200, { Username: USER_ID, Profile: body, UserAttributes: [] });
  });
  const client = createApiClient({
    baseUrl: BASE,
    getAccessToken: session.getAccessToken,
    refreshSession: session.refreshSession,
    fetch,
  });
  return { client, seen, fetch };
}

const getUser = (client: ReturnType<typeof createApiClient>) =>
  client.GET('/users/users/{id}', { params: { path: { id: USER_ID } } });

describe('the Authorization header', () => {
  it('forces the Bearer prefix on a token the caller passed without it', async () => {
    const { client, seen } = clientAnswering(() => json(200, { status: 'ok' }), 'saved.session.token');
    await client.GET('/health', { headers: { Authorization: 'passed.in.token' } });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer passed.in.token');
  });

  it.each(['Bearer undefined', 'undefined', 'Bearer null', 'Bearer two.parts', ''])(
    'repairs the broken header %j from the saved session',
    async (header) => {
      const { client, seen } = clientAnswering(() => json(200, { status: 'ok' }), 'saved.session.token');
      await client.GET('/health', { headers: { Authorization: header } });
      expect(seen[0]?.headers.get('Authorization')).toBe('Bearer saved.session.token');
    },
  );

  it('sends no header rather than a broken saved token', async () => {
    const { client, seen } = clientAnswering(() => json(200, { status: 'ok' }), 'undefined');
    await client.GET('/health', { headers: { Authorization: 'Bearer undefined' } });
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends no header when the session cannot be read', async () => {
    const seen: Request[] = [];
    const client = createApiClient({
      baseUrl: BASE,
      getAccessToken: () => Promise.reject(new Error('storage unavailable')),
      fetch: (request) => {
        seen.push(request);
        return Promise.resolve(json(200, { status: 'ok' }));
      },
    });
    await client.GET('/health');
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('a refused access token', () => {
  it('refreshes the session and sends the request once more, body and all', async () => {
    const session = expiringSession();
    const { client, seen } = sessionClient(session);
    const result = await client.PATCH('/users/user-profiles/{id}', {
      params: { path: { id: USER_ID } },
      body: { city: 'Pune' },
    });
    expect(dataOf(result)).toMatchObject({ Profile: { city: 'Pune' } });
    expect(session.refreshSession).toHaveBeenCalledTimes(1);
    expect(seen.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer old.access.token',
      'Bearer new.access.token1',
    ]);
    expect(seen.map((r) => r.method)).toEqual(['PATCH', 'PATCH']);
  });

  it('retries exactly once: a second 401 is the answer', async () => {
    const session = expiringSession();
    const { client, fetch } = sessionClient(session);
    // The refresh works, but the API refuses the new token as well.
    session.refreshSession.mockImplementation(() => Promise.resolve('other.new.token'));
    const error = await getUser(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(SessionExpiredError);
    expect((error as ApiError).status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(session.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('throws SessionExpiredError, without a retry, when the session cannot be refreshed', async () => {
    const session = expiringSession({ refreshFails: true });
    const { client, fetch } = sessionClient(session);
    const error = await getUser(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toMatchObject({ name: 'SessionExpiredError', status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is a network error, not an expired session, when the identity service cannot be reached', async () => {
    const session = expiringSession({ refreshUnreachable: true });
    const { client } = sessionClient(session);
    const error = await getUser(client).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(SessionExpiredError);
    expect((error as ApiError).isNetworkError).toBe(true);
    // The next refused call may try again.
    await getUser(client).catch(() => undefined);
    expect(session.refreshSession).toHaveBeenCalledTimes(2);
  });

  it('is an ordinary 401 when the app gave no way to refresh', async () => {
    const { client } = clientAnswering(
      () => json(401, { type: 'about:blank', title: 'Unauthorized', status: 401 }),
      'some.access.token',
    );
    const error = await client.GET('/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 401 });
  });

  it('refreshes once for ten parallel calls, and each is retried once with the new token', async () => {
    const session = expiringSession();
    const release = session.holdRefresh();
    const { client, seen } = sessionClient(session);
    const calls = Promise.all(Array.from({ length: 10 }, () => getUser(client)));
    // Every call is refused before the refresh answers.
    await vi.waitFor(() => expect(seen).toHaveLength(10));
    release();
    const results = await calls;
    expect(results.every((r) => r.response.status === 200)).toBe(true);
    expect(session.refreshSession).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(20);
    expect(seen.filter((r) => r.headers.get('Authorization') === 'Bearer new.access.token1')).toHaveLength(10);
  });

  it('refreshes once for ten parallel calls when the refresh fails, and all ten report the expired session', async () => {
    const session = expiringSession({ refreshFails: true });
    const release = session.holdRefresh();
    const { client, fetch } = sessionClient(session);
    const calls = Promise.all(Array.from({ length: 10 }, () => getUser(client).catch((e: unknown) => e)));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(10));
    release();
    const errors = await calls;
    expect(errors.every((e) => e instanceof SessionExpiredError)).toBe(true);
    expect(session.refreshSession).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(10);
  });

  it('does not refresh again for a 401 that arrives after another call refreshed', async () => {
    const session = expiringSession();
    const { client } = sessionClient(session);
    await getUser(client);
    expect(session.refreshSession).toHaveBeenCalledTimes(1);
    // A call sent with the old token before the refresh, answered after it.
    const late = await client.GET('/users/users/{id}', {
      params: { path: { id: USER_ID } },
      headers: { Authorization: 'Bearer old.access.token' },
    });
    expect(late.response.status).toBe(200);
    expect(session.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('holds calls made during a refresh until the new token is there', async () => {
    const session = expiringSession();
    const release = session.holdRefresh();
    const { client, seen } = sessionClient(session);
    const first = getUser(client);
    await vi.waitFor(() => expect(session.refreshSession).toHaveBeenCalled());
    // The client runs the session middleware as a call is made: this one is now waiting for the refresh.
    const second = getUser(client);
    release();
    const results = await Promise.all([first, second]);
    expect(results.map((r) => r.response.status)).toEqual([200, 200]);
    expect(seen.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer old.access.token',
      'Bearer new.access.token1',
      'Bearer new.access.token1',
    ]);
  });
});
