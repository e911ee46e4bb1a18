import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '@/lib/api';
import { userDetailQueryOptions, userKeys } from './queries';

const ID = '5f0c1c1e-1111-4222-8333-444455556666';

describe('userKeys', () => {
  it('nests detail keys under the feature key, so one invalidation can reach them all', () => {
    expect(userKeys.detail(ID)).toEqual(['users', 'detail', ID]);
    expect(userKeys.detail(ID).slice(0, 2)).toEqual(userKeys.details());
  });
});

describe('userDetailQueryOptions', () => {
  const fetch = vi.fn<(request: Request) => Promise<Response>>();

  beforeEach(() => {
    fetch.mockReset();
    initApi({ baseUrl: 'http://localhost:4173/api/v1', getAccessToken: () => Promise.resolve('a.b.c'), fetch });
  });

  it('fetches GET users/users/{id} through the one client', async () => {
    const detail = { Username: ID, Profile: null, UserAttributes: [{ Name: 'email', Value: 'client@thrive.test' }] };
    fetch.mockResolvedValue(Response.json(detail));
    const data = await new QueryClient().query(userDetailQueryOptions(ID));
    expect(data).toEqual(detail);
    expect(fetch.mock.calls[0]?.[0].url).toBe(`http://localhost:4173/api/v1/users/users/${ID}`);
  });

  it('rejects with the ApiError of a failed call', async () => {
    fetch.mockResolvedValue(Response.json({ type: 'about:blank', title: 'Forbidden', status: 403 }, { status: 403 }));
    await expect(new QueryClient().query({ ...userDetailQueryOptions(ID), retry: false })).rejects.toMatchObject({
      name: 'ApiError',
      status: 403,
    });
  });
});
