/**
 * Short-lived answers to reads that every request repeats (who the caller is, how many users a list has).
 * Every write through this API forgets them all, when it starts and once it has answered, so this process
 * never answers from before its own writes. Several API processes on one PostgreSQL hear each other's
 * commits (`forgetWhenOthersWrite`: each transaction is announced as it commits, before its writer is
 * answered), so a writer whose next request reaches another process is not answered from before its write
 * either; should an announcement be lost, the lifetime (a second) bounds how far a process lags behind.
 */
import type { Database } from '../db/database.ts';

/** The channel each API process announces its commits on (server/db/database.ts, `announceCommits`). */
export const COMMITS_CHANNEL = 'thrive_commits';

const caches = new Set<Map<string, { value: unknown; until: number }>>();

/** Forgets every cached read: called for every request that may write. */
export function forgetCachedReads(): void {
  for (const cache of caches) cache.clear();
}

export interface ReadCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  /** The cached value, or `read()`'s, which is then cached. */
  through(key: string, read: () => Promise<T>): Promise<T>;
}

export function readCache<T>(ttlMs: number, maxEntries = 10_000): ReadCache<T> {
  const entries = new Map<string, { value: unknown; until: number }>();
  caches.add(entries);
  const cache: ReadCache<T> = {
    get(key) {
      const hit = entries.get(key);
      return hit && hit.until > Date.now() ? (hit.value as T) : undefined;
    },
    set(key, value) {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, until: Date.now() + ttlMs });
    },
    async through(key, read) {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const value = await read();
      cache.set(key, value);
      return value;
    },
  };
  return cache;
}

/**
 * Forgets every cached read whenever another process (not `instance`) commits a change, or announcements may
 * have been missed. Resolves once listening, with a function that stops.
 */
export function forgetWhenOthersWrite(db: Database, instance: string): Promise<() => Promise<void>> {
  return db.listen(
    COMMITS_CHANNEL,
    (writer) => {
      if (writer !== instance) forgetCachedReads();
    },
    forgetCachedReads,
  );
}
