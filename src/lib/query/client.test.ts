import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { createQueryClient, shouldRetryQuery } from './client';
import { OFFLINE_NOTHING_SAVED_MESSAGE, isOfflineError } from './offline';

describe('shouldRetryQuery', () => {
  it('retries an unreachable server and server errors, at most twice', () => {
    expect(shouldRetryQuery(0, ApiError.network(new TypeError('Failed to fetch')))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, null, 'Service Unavailable'))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError(503, null, 'Service Unavailable'))).toBe(false);
  });

  it('never retries a client error or a bug', () => {
    for (const status of [400, 401, 403, 404]) {
      expect(shouldRetryQuery(0, new ApiError(status, null, 'no'))).toBe(false);
    }
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });

  it('is the default of the query client', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetryQuery);
  });
});

describe('a loader while the device is offline', () => {
  const KEY = ['users', 'detail', 'c-0001'] as const;
  const PRIYA = { first_name: 'Priya' };

  function setup() {
    const client = createQueryClient();
    // Mounted, as under QueryClientProvider: paused queries continue when the network returns.
    client.mount();
    return client;
  }

  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it('is told at once that nothing is saved, instead of waiting for the network', async () => {
    const client = setup();
    const queryFn = vi.fn(() => Promise.resolve(PRIYA));
    onlineManager.setOnline(false);
    const loading = client.query({ staleTime: 'static', queryKey: KEY, queryFn });
    await expect(loading).rejects.toSatisfy(isOfflineError);
    await expect(loading).rejects.toThrow(OFFLINE_NOTHING_SAVED_MESSAGE);
    expect(queryFn).not.toHaveBeenCalled();
    client.unmount();
  });

  it('gets the data by itself when the network returns, so loading the route again finds it', async () => {
    const client = setup();
    const queryFn = vi.fn(() => Promise.resolve(PRIYA));
    onlineManager.setOnline(false);
    await expect(client.query({ staleTime: 'static', queryKey: KEY, queryFn })).rejects.toSatisfy(isOfflineError);

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(PRIYA));
    expect(queryFn).toHaveBeenCalledTimes(1);
    await expect(client.query({ staleTime: 'static', queryKey: KEY, queryFn })).resolves.toEqual(PRIYA);
    client.unmount();
  });

  it('is answered with the saved data when there is some, however old', async () => {
    const client = setup();
    client.setQueryData(KEY, PRIYA, { updatedAt: Date.now() - 24 * 60 * 60 * 1000 });
    const queryFn = vi.fn(() => Promise.resolve({ first_name: 'Newer' }));
    onlineManager.setOnline(false);
    await expect(client.query({ staleTime: 'static', queryKey: KEY, queryFn })).resolves.toEqual(PRIYA);
    await expect(client.query({ queryKey: KEY, queryFn })).resolves.toEqual(PRIYA);
    await expect(client.query({ queryKey: KEY, queryFn, select: (d) => d.first_name })).resolves.toBe('Priya');
    expect(queryFn).not.toHaveBeenCalled();
    client.unmount();
  });

  it('stops waiting when the network drops between two tries', async () => {
    const client = setup();
    const queryFn = vi.fn(() => {
      // The first try fails as the Wi-Fi goes; the retry would wait for it to come back.
      onlineManager.setOnline(false);
      return Promise.reject(ApiError.network(new TypeError('Failed to fetch')));
    });
    await expect(client.query({ staleTime: 'static', queryKey: KEY, queryFn, retryDelay: 0 })).rejects.toSatisfy(
      isOfflineError,
    );
    expect(queryFn).toHaveBeenCalledTimes(1);
    client.unmount();
  });

  it('still reports a server that does not answer while the device is online', async () => {
    const client = setup();
    const unreachable = ApiError.network(new TypeError('Failed to fetch'));
    const queryFn = vi.fn(() => Promise.reject(unreachable));
    await expect(client.query({ staleTime: 'static', queryKey: KEY, queryFn, retryDelay: 0 })).rejects.toBe(
      unreachable,
    );
    expect(queryFn).toHaveBeenCalledTimes(3);
    client.unmount();
  });
});
