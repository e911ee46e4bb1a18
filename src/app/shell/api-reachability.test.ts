import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPageErrorStore, type PageErrorStore } from '@/components/ErrorBannerArea';
import { ApiError } from '@/lib/api';
import { API_UNREACHABLE_MESSAGE, watchApiReachability } from './api-reachability';

const unreachable = () => Promise.reject(ApiError.network(new TypeError('Failed to fetch')));
const serverError = () => Promise.reject(new ApiError(500, null, 'Internal Server Error'));
const answer = () => Promise.resolve({ ok: true });

const messages = (store: PageErrorStore) => store.getSnapshot().map((error) => error.message);

describe('the API-unreachable banner', () => {
  let queryClient: QueryClient;
  let store: PageErrorStore;
  let stop: () => void;

  beforeEach(() => {
    onlineManager.setOnline(true);
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    store = createPageErrorStore();
    stop = watchApiReachability(queryClient.getQueryCache(), store);
  });
  afterEach(() => {
    stop();
    queryClient.clear();
    onlineManager.setOnline(true);
  });

  const fetch = (key: string, queryFn: () => Promise<unknown>) =>
    queryClient.query({ queryKey: [key], queryFn }).catch(() => undefined);

  it('shows the spec’s message once when queries get no answer while online', async () => {
    await fetch('a', unreachable);
    await fetch('b', unreachable);
    expect(messages(store)).toEqual([API_UNREACHABLE_MESSAGE]);
    expect(API_UNREACHABLE_MESSAGE).toBe(
      'Network error: Unable to connect to the API server. Please check your internet connection or contact support.',
    );
  });

  it('goes by itself when a later request succeeds', async () => {
    await fetch('a', unreachable);
    await fetch('b', answer);
    expect(messages(store)).toEqual([]);
  });

  it('data the app writes itself does not count as an answer', async () => {
    await fetch('a', unreachable);
    queryClient.setQueryData(['b'], { ok: true });
    expect(messages(store)).toEqual([API_UNREACHABLE_MESSAGE]);
  });

  it('a server that answers with an error is reachable: no banner', async () => {
    await fetch('a', serverError);
    expect(messages(store)).toEqual([]);
  });

  it('is not shown while the browser is offline (the offline indicator says so)', async () => {
    onlineManager.setOnline(false);
    // networkMode 'always' makes the query run (and fail) even offline, as a request in flight at the drop does.
    await queryClient.query({ queryKey: ['a'], queryFn: unreachable, networkMode: 'always' }).catch(() => undefined);
    expect(messages(store)).toEqual([]);
  });

  it('once dismissed, stays away through more failures until the API has answered again', async () => {
    await fetch('a', unreachable);
    store.getSnapshot()[0]!.dismiss();
    await fetch('b', unreachable);
    expect(messages(store)).toEqual([]);
    await fetch('c', answer);
    await fetch('d', unreachable);
    expect(messages(store)).toEqual([API_UNREACHABLE_MESSAGE]);
  });

  it('counts a failure from before the shell was watching, unless something succeeded since', async () => {
    stop();
    await fetch('a', unreachable);
    stop = watchApiReachability(queryClient.getQueryCache(), store);
    expect(messages(store)).toEqual([API_UNREACHABLE_MESSAGE]);

    stop();
    await fetch('b', answer);
    stop = watchApiReachability(queryClient.getQueryCache(), store);
    expect(messages(store)).toEqual([]);
  });

  it('stops watching and withdraws its banner when the shell goes', async () => {
    await fetch('a', unreachable);
    stop();
    expect(messages(store)).toEqual([]);
    await fetch('b', unreachable);
    expect(messages(store)).toEqual([]);
  });
});
