import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { KEEP_OFFLINE, PERSIST_MAX_AGE_MS, persistDehydrateOptions, storageSlotFor } from './persist-policy';

describe('what is kept offline', () => {
  it('is only what the owning feature marks KEEP_OFFLINE, kept in memory as long as it may be restored', () => {
    const client = new QueryClient();
    client.setQueryDefaults(['users', 'detail'], KEEP_OFFLINE);
    client.setQueryData(['users', 'detail', 'c-0001'], { first_name: 'Priya' });
    client.setQueryData(['appointments', 'today'], ['10:00 Priya']);
    const state = dehydrate(client, persistDehydrateOptions);
    expect(state.queries.map((q) => q.queryKey)).toEqual([['users', 'detail', 'c-0001']]);
    expect(state.mutations).toEqual([]);
    expect(KEEP_OFFLINE.gcTime).toBeGreaterThanOrEqual(Math.max(...Object.values(PERSIST_MAX_AGE_MS)));
  });

  it('leaves out a marked query that has not succeeded', () => {
    const client = new QueryClient();
    client.getQueryCache().build(client, { queryKey: ['users', 'detail', 'c-2'], ...KEEP_OFFLINE });
    expect(dehydrate(client, persistDehydrateOptions).queries).toEqual([]);
  });
});

describe('per-user storage slots', () => {
  it('gives each user their own slot, the same one every time', async () => {
    const a = await storageSlotFor('nurse-a');
    expect(await storageSlotFor('nurse-a')).toBe(a);
    expect(await storageSlotFor('nurse-b')).not.toBe(a);
  });

  it('does not spell out who the user is', async () => {
    const slot = await storageSlotFor('nina.thomas@thrive.test');
    expect(slot).toMatch(/^thrive-cache-[0-9a-f]{32}$/);
    expect(slot).not.toContain('nina');
  });
});
