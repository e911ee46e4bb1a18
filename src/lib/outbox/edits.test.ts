import { describe, expect, it } from 'vitest';
import { itemMaker, withLatestSave, withResolution, withRetry } from './edits';
import type { NewChange, OutboxItem } from './model';

/** The fields a visit's save always carries. */
const VISIT = { client_id: 'c1', therapy: 'iv' } as const;

const save = (notes: string): NewChange => ({
  record: 'visit:v1',
  request: { method: 'put', path: '/visits/{id}', pathParams: { id: 'v1' }, body: { ...VISIT, notes } },
  version: 2,
  base: {},
  label: 'IV therapy visit of Priya Sharma',
  fieldLabels: {},
});

describe('the list of unsent changes', () => {
  it('keeps the order changes were made in, also within one millisecond', () => {
    const itemOf = itemMaker(() => 1_000);
    const first = itemOf('nurse-a', save('a'));
    const second = itemOf('nurse-a', save('b'));
    expect(second.createdAt).toBeGreaterThan(first.createdAt);
    expect(first).toMatchObject({ author: 'nurse-a', state: 'waiting', attempts: 0, link: null, refresh: [] });
  });

  it('replaces a document’s last save that was never sent, and follows one that was tried', () => {
    const itemOf = itemMaker(() => 1_000);
    const first = itemOf('nurse-a', save('a'));
    const replaced = withLatestSave([first], save('ab'), itemOf('nurse-a', save('ab')));
    expect(replaced.items).toHaveLength(1);
    expect(replaced.saved).toMatchObject({ id: first.id, request: { body: { notes: 'ab' } } });

    const tried: OutboxItem = { ...first, attempts: 1 };
    const fresh = itemOf('nurse-a', save('abc'));
    const followed = withLatestSave([tried], save('abc'), fresh);
    expect(followed.items.map((item) => item.id)).toEqual([first.id, fresh.id]);
    expect(followed.saved).toBe(fresh);
  });

  it('sends a failed change again as if never tried', () => {
    const failed: OutboxItem = {
      ...itemMaker(() => 1)('nurse-a', save('a')),
      state: 'failed',
      attempts: 3,
      reason: 'x',
    };
    expect(withRetry([failed], failed.id)[0]).toMatchObject({ state: 'waiting', attempts: 0, reason: null });
  });

  it('settles a conflict as a new request on the server’s version, or drops it when nothing is left to send', () => {
    const conflict: OutboxItem = {
      ...itemMaker(() => 1)('nurse-a', save('mine')),
      state: 'conflict',
      current: { notes: 'theirs', version: 5 },
    };
    const [settled] = withResolution([conflict], conflict.id, () => ({ notes: 'mine' }));
    expect(settled).toMatchObject({ version: 5, base: { notes: 'theirs' }, state: 'waiting', current: null });
    expect(settled?.id).not.toBe(conflict.id);
    expect(withResolution([conflict], conflict.id, () => null)).toEqual([]);
  });
});
