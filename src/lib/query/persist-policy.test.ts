import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { userKeys } from '../../features/users/api/queries';
import { isPersistedQueryKey, persistDehydrateOptions, storageSlotFor } from './persist-policy';

describe('the persistence allowlist', () => {
  it('holds a user detail (profiles) and the user list, as the users feature keys them', () => {
    expect(isPersistedQueryKey(userKeys.detail('c-0001'))).toBe(true);
    expect(isPersistedQueryKey(userKeys.list({ role: 'CLIENT' }))).toBe(true);
    expect(isPersistedQueryKey(userKeys.lists())).toBe(true);
  });

  it('holds nothing else', () => {
    expect(isPersistedQueryKey(userKeys.all)).toBe(false);
    expect(isPersistedQueryKey(['users', 'enrollments', 'c-0001'])).toBe(false);
    expect(isPersistedQueryKey(['appointments', 'today'])).toBe(false);
    expect(isPersistedQueryKey(['detail', 'users'])).toBe(false);
    expect(isPersistedQueryKey([])).toBe(false);
  });

  it('dehydrates only allowlisted queries that succeeded, and no mutations', () => {
    const client = new QueryClient();
    client.setQueryData(userKeys.detail('c-0001'), { first_name: 'Priya' });
    client.setQueryData(['appointments', 'today'], ['10:00 Priya']);
    const state = dehydrate(client, persistDehydrateOptions);
    expect(state.queries.map((q) => q.queryKey)).toEqual([userKeys.detail('c-0001')]);
    expect(state.mutations).toEqual([]);
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
