import { describe, expect, it, vi } from 'vitest';
import { createApiClient, dataOf } from './client';
import { ApiError } from './errors';

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
