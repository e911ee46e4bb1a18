import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initApi } from '@/lib/api';
import { createQueryClient } from '@/lib/query/client';
import type { Visit } from '../model/draft';
import { visitKeys, visitQueryOptions } from './queries';

// Nothing of this visit waits on the device: the server is the one to ask.
vi.mock('./record', () => ({ createdHereOnly: () => false }));

const ID = '6c1fb0a2-30d4-4819-8032-b7019f46dbcc';
const onServer = { id: ID, state: 'draft', version: 1 } as unknown as Visit;
const fetch = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  fetch.mockImplementation(() => Promise.resolve(Response.json(onServer)));
  initApi({ baseUrl: 'http://thrive.test/api/v1', getAccessToken: () => Promise.resolve('a.b.c'), fetch });
});
afterEach(() => fetch.mockReset());

/** The visit as a screen opening it sees, once its reads have settled. */
async function opened(saved: Visit | null): Promise<Visit | null | undefined> {
  const client = createQueryClient();
  // The cache as a reload restores it.
  client.setQueryData(visitKeys.detail(ID), saved);
  const observer = new QueryObserver(client, visitQueryOptions(ID));
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
  stop();
  return observer.getCurrentResult().data;
}

describe('visitQueryOptions', () => {
  it('asks the server again for a visit it did not have a moment ago (sent since, then the page reloaded)', async () => {
    expect(await opened(null)).toEqual(onServer);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('does not ask again for a visit it has just read', async () => {
    expect(await opened(onServer)).toEqual(onServer);
    expect(fetch).not.toHaveBeenCalled();
  });
});
