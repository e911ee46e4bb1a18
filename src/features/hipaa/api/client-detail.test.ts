import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '@/lib/api';
import { placeholderProfile, type UserDetail } from '@/features/users';
import { userKeys } from '@/features/users';
import { loadClientDetail } from './client-detail';

const ID = '5f0c1c1e-1111-4222-8333-444455556666';

function detail(consented: boolean): UserDetail {
  return {
    Username: ID,
    Profile: { ...placeholderProfile(ID, 'a@thrive.test'), first_name: 'Asha', hipaa_consent: consented },
    UserAttributes: [{ Name: 'email', Value: 'a@thrive.test' }],
  };
}

describe('loadClientDetail', () => {
  const fetch = vi.fn<(request: Request) => Promise<Response>>();
  let queryClient: QueryClient;

  beforeEach(() => {
    fetch.mockReset();
    initApi({ baseUrl: 'http://localhost:4173/api/v1', getAccessToken: () => Promise.resolve('a.b.c'), fetch });
    queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  });

  afterEach(() => onlineManager.setOnline(true));

  it('fetches the detail when there is none on the device', async () => {
    fetch.mockResolvedValue(Response.json(detail(false)));
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(false));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0].url).toBe(`http://localhost:4173/api/v1/users/users/${ID}`);
  });

  it('trusts a fresh copy that records consent', async () => {
    queryClient.setQueryData(userKeys.detail(ID), detail(true));
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(true));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the server again when the copy on the device says "not consented"', async () => {
    queryClient.setQueryData(userKeys.detail(ID), detail(false));
    fetch.mockResolvedValue(Response.json(detail(true)));
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(true));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(userKeys.detail(ID))).toEqual(detail(true));
  });

  it('keeps the copy when the server cannot be asked', async () => {
    queryClient.setQueryData(userKeys.detail(ID), detail(false));
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(false));

    fetch.mockClear();
    onlineManager.setOnline(false);
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(false));
    expect(fetch).not.toHaveBeenCalled();
  });
});
