import { afterEach, describe, expect, it, vi } from 'vitest';
import { markLockedStart, startsLocked } from './locked-start';

/** Cache Storage as the page and the worker share it: named caches of requests (here, paths) and responses. */
function cacheStorage(): CacheStorage {
  const caches = new Map<string, Map<string, Response>>();
  const cacheOf = (entries: Map<string, Response>) =>
    ({
      put: (path: string, response: Response) => Promise.resolve(void entries.set(path, response)),
      match: (path: string) => Promise.resolve(entries.get(path)),
    }) as unknown as Cache;
  return {
    open: (name: string) => {
      if (!caches.has(name)) caches.set(name, new Map());
      return Promise.resolve(cacheOf(caches.get(name)!));
    },
    has: (name: string) => Promise.resolve(caches.has(name)),
    delete: (name: string) => Promise.resolve(caches.delete(name)),
    keys: () => Promise.resolve([...caches.keys()]),
    // Only as the mark is read: in one named cache, never creating it.
    match: (path: string, options?: MultiCacheQueryOptions) =>
      Promise.resolve(options?.cacheName === undefined ? undefined : caches.get(options.cacheName)?.get(path)),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the mark that a start opens locked', () => {
  it('is read as set once set, and as not set once cleared', async () => {
    vi.stubGlobal('caches', cacheStorage());
    expect(await startsLocked()).toBe(false);
    await markLockedStart(true);
    expect(await startsLocked()).toBe(true);
    await markLockedStart(false);
    expect(await startsLocked()).toBe(false);
    expect(await caches.keys()).toEqual([]);
    expect(await startsLocked()).toBe(false);
    expect(await caches.keys(), 'reading the mark creates no cache').toEqual([]);
  });

  it('holds nothing of the person: an empty answer', async () => {
    vi.stubGlobal('caches', cacheStorage());
    await markLockedStart(true);
    const [name] = await caches.keys();
    const mark = await (await caches.open(name!)).match('/locked-start');
    expect(mark?.status).toBe(204);
    expect(await mark?.text()).toBe('');
  });

  it('is never set where the browser has no Cache Storage (an insecure address), and a failing store throws nothing', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(markLockedStart(true)).resolves.toBeUndefined();
    expect(await startsLocked()).toBe(false);

    const failing = cacheStorage();
    failing.open = () => Promise.reject(new DOMException('quota', 'QuotaExceededError'));
    vi.stubGlobal('caches', failing);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(markLockedStart(true)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
