import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { installFakeApi, problem } from '@/test/fake-api';
import { userDetailQueryOptions, userKeys } from './queries';

const ID = '5f0c1c1e-1111-4222-8333-444455556666';

describe('userKeys', () => {
  it('nests detail keys under the feature key, so one invalidation can reach them all', () => {
    expect(userKeys.detail(ID)).toEqual(['users', 'detail', ID]);
    expect(userKeys.detail(ID).slice(0, 2)).toEqual(userKeys.details());
  });
});

describe('userDetailQueryOptions', () => {
  it('fetches GET users/users/{id} through the one client', async () => {
    const detail = { Username: ID, Profile: null, UserAttributes: [{ Name: 'email', Value: 'client@thrive.test' }] };
    const api = installFakeApi({ 'GET /users/users/{id}': () => detail });
    const data = await new QueryClient().query(userDetailQueryOptions(ID));
    expect(data).toEqual(detail);
    expect(api.calls.map((call) => call.path)).toEqual([`/users/users/${ID}`]);
  });

  it('rejects with the ApiError of a failed call', async () => {
    installFakeApi({ 'GET /users/users/{id}': () => problem(403, 'Forbidden') });
    await expect(new QueryClient().query({ ...userDetailQueryOptions(ID), retry: false })).rejects.toMatchObject({
      name: 'ApiError',
      status: 403,
    });
  });
});
