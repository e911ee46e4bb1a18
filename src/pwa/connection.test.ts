import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { savedDataAge } from './connection';

const MIN = 60_000;

describe('the age of saved data', () => {
  it('is that of the oldest data on screen', () => {
    const client = new QueryClient();
    client.setQueryData(['users', 'detail', 'a'], 1, { updatedAt: 10 * MIN });
    client.setQueryData(['users', 'detail', 'b'], 2, { updatedAt: 50 * MIN });
    client.setQueryData(['users', 'detail', 'off-screen'], 3, { updatedAt: 0 + 1 });
    expect(savedDataAge(client, 60 * MIN)).toBeUndefined();
    const observers = [
      new QueryObserver(client, { queryKey: ['users', 'detail', 'a'], enabled: false }),
      new QueryObserver(client, { queryKey: ['users', 'detail', 'b'], enabled: false }),
    ];
    const stops = observers.map((o) => o.subscribe(() => undefined));
    expect(savedDataAge(client, 60 * MIN)).toBe('50 min ago');
    stops.forEach((stop) => stop());
  });
});
