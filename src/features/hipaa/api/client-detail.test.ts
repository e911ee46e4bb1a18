import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, unreachable, type FakeApi, type Handler } from '@/test/fake-api';
import { placeholderProfile, type UserDetail } from '@/features/people';
import { userKeys } from '@/features/people';
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
  let api: FakeApi;
  let answer: Handler<'GET /users/users/{id}'>;
  let queryClient: QueryClient;

  beforeEach(() => {
    answer = () => detail(false);
    api = installFakeApi({ 'GET /users/users/{id}': (request) => answer(request) });
    queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  });

  afterEach(() => onlineManager.setOnline(true));

  it('fetches the detail when there is none on the device', async () => {
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(false));
    expect(api.calls.map((call) => call.path)).toEqual([`/users/users/${ID}`]);
  });

  it('trusts a fresh copy that records consent', async () => {
    queryClient.setQueryData(userKeys.detail(ID), detail(true));
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(true));
    expect(api.calls).toEqual([]);
  });

  it('asks the server again when the copy on the device says "not consented"', async () => {
    queryClient.setQueryData(userKeys.detail(ID), detail(false));
    answer = () => detail(true);
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(true));
    expect(api.calls).toHaveLength(1);
    expect(queryClient.getQueryData(userKeys.detail(ID))).toEqual(detail(true));
  });

  it('keeps the copy when the server cannot be asked', async () => {
    queryClient.setQueryData(userKeys.detail(ID), detail(false));
    answer = unreachable;
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(false));
    expect(api.calls).toHaveLength(1);

    onlineManager.setOnline(false);
    expect(await loadClientDetail(queryClient, ID)).toEqual(detail(false));
    expect(api.calls).toHaveLength(1);
  });
});
