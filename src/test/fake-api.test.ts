import { describe, expect, it } from 'vitest';
import { createFakeApi, FAKE_API_BASE, problem } from './fake-api';
import { takeUnhandledRoutes } from './unhandled-routes';

const request = (method: string, path: string) => new Request(`${FAKE_API_BASE}${path}`, { method });

describe('the fake API of component tests', () => {
  it('answers a route it has a handler for, and records the call with its path parameters', async () => {
    const api = createFakeApi({ 'GET /users/users/{id}': () => problem(404, 'No such user') });
    const answer = await api.fetch(request('GET', '/users/users/u-1'));
    expect(answer.status).toBe(404);
    expect(api.callsTo('GET /users/users/{id}')[0]?.params).toEqual({ id: 'u-1' });
  });

  it('rejects a route it has no handler for, and names it for the test to fail on', async () => {
    const api = createFakeApi({ 'GET /users/users/{id}': () => problem(404, 'No such user') });
    await expect(api.fetch(request('DELETE', '/users/users/u-1?reason=x'))).rejects.toThrow(
      'The fake API has no handler for DELETE /users/users/u-1?reason=x',
    );
    // Taken here, so this test (which means it) passes; any other test making such a request fails after it.
    expect(takeUnhandledRoutes()).toEqual(['DELETE /users/users/u-1?reason=x']);
    expect(api.calls).toHaveLength(1);
  });
});
