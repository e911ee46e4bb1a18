import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { CACHE_SAVED_MARK } from './cache-saved-mark';
import { KEEP_OFFLINE, persistDehydrateOptions, storageSlotFor } from './persist-policy';
import { deleteOtherVaults, deleteVault, openVault, type VaultStorage } from '@/lib/storage/vault';

/**
 * The persisted query cache, following whoever is signed in on this device.
 *
 * Imperative rather than `PersistQueryClientProvider`: the router's loaders
 * read the cache (`queryClient.query`) before any component mounts, so a
 * restore that runs in a provider's effect would come too late for an offline
 * start. Bootstrap awaits `setUser` before the router is created instead, and
 * one QueryClient is kept and cleared between users.
 *
 * The restore and save steps are TanStack's own (`persistQueryClientRestore`
 * and friends), written out over react-query's dehydrate/hydrate: the
 * persist-client packages pin an older query-core, and calling theirs would
 * bundle a second copy of it next to react-query's.
 */

type Persister = ReturnType<typeof createAsyncStoragePersister>;

const CACHE_EVENTS = new Set(['added', 'removed', 'updated']);

/** Hydrates the saved cache unless it is too old or from another build; either of those is deleted. */
async function restore(persister: Persister, queryClient: QueryClient, maxAge: number, buster: string): Promise<void> {
  const saved = await persister.restoreClient();
  if (!saved) return;
  if (!saved.timestamp || Date.now() - saved.timestamp > maxAge || saved.buster !== buster) {
    await persister.removeClient();
    return;
  }
  // Restored queries stay in memory as long as they may be restored again (see KEEP_OFFLINE).
  hydrate(queryClient, saved.clientState, { defaultOptions: { queries: { gcTime: KEEP_OFFLINE.gcTime } } });
}

function save(persister: Persister, queryClient: QueryClient, buster: string): Promise<void> {
  const clientState = dehydrate(queryClient, persistDehydrateOptions);
  return Promise.resolve(persister.persistClient({ buster, timestamp: Date.now(), clientState }));
}

/**
 * Saves whenever a query is added, changed or removed: at most once per `throttleMs`, and after the task that
 * changed the cache, once for all of the changes made until then. A save dehydrates and serializes the whole
 * cache, and a change often comes in the middle of a render (useQuery adds its query while rendering): made
 * there, it held up the next screen of every navigation. CACHE_SAVED_MARK is set while nothing loads or waits to be
 * saved.
 */
function subscribe(
  persister: Persister,
  queryClient: QueryClient,
  buster: string,
  throttleMs: number,
): { unsubscribe: () => void; saveNow: () => Promise<void> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSave = 0;
  let saving = 0;
  let stopped = false;
  const saveNow = async () => {
    saving++;
    try {
      await save(persister, queryClient, buster);
    } finally {
      saving--;
    }
    // Idle as well as saved: a query still loading changes the cache again when its answer comes.
    if (saving === 0 && timer === undefined && !stopped && queryClient.isFetching() === 0) {
      performance.mark(CACHE_SAVED_MARK);
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (!CACHE_EVENTS.has(event.type) || timer !== undefined) return;
    performance.clearMarks(CACHE_SAVED_MARK);
    timer = setTimeout(
      () => {
        timer = undefined;
        lastSave = Date.now();
        void saveNow();
      },
      Math.max(0, lastSave + throttleMs - Date.now()),
    );
  });
  return {
    saveNow,
    unsubscribe: () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      performance.clearMarks(CACHE_SAVED_MARK);
    },
  };
}

export interface CachePersistenceOptions {
  queryClient: QueryClient;
  /** The build id: a cache written by another build is discarded, never hydrated. */
  buster: string;
  maxAge: number;
  /** False on kiosk devices: nothing is written, anything left over is deleted. */
  enabled: boolean;
  /** How often at most the cache is written (TanStack's default 1 s). */
  throttleMs?: number;
  /** The person's data key, held in memory once they signed in or unlocked (lib/storage/keyring.ts). */
  keyOf: (username: string) => CryptoKey | undefined;
}

export interface CachePersistence {
  /**
   * Follows the signed-in user (null: nobody). The previous user's cache and
   * key are deleted, as is every other user's; the new user's is restored and
   * then kept up to date. Resolves when the restore is done.
   */
  setUser: (username: string | null) => Promise<void>;
  /** Deletes everything persisted on this device (idle sign-out waits for it before leaving the page). */
  wipeAll: () => Promise<void>;
}

interface Active {
  username: string;
  slot: string;
  storage: VaultStorage;
  unsubscribe: () => void;
}

export function createCachePersistence(options: CachePersistenceOptions): CachePersistence {
  const { queryClient, buster, maxAge, enabled, throttleMs = 1000, keyOf } = options;

  let active: Active | undefined;
  /** The user `setUser` was last called with; work queued for someone else is skipped. */
  let wanted: string | null = null;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (work: () => Promise<void>): Promise<void> => {
    const next = queue.then(work, work);
    // One failed step must not stop later ones (the next sign-out still wipes).
    queue = next.catch((error: unknown) => console.warn('Thrive: the saved data could not be updated', error));
    return queue;
  };

  /** Synchronous, so no write of the old user's data can start after this returns. */
  function stopWriting(): Active | undefined {
    const previous = active;
    active = undefined;
    previous?.unsubscribe();
    previous?.storage.close();
    return previous;
  }

  async function start(username: string): Promise<void> {
    const slot = await storageSlotFor(username);
    await deleteOtherVaults(slot);
    const key = keyOf(username);
    // Locked: nothing of theirs is read until they unlock.
    if (wanted !== username || !key) return;
    const storage = await openVault(slot, key);
    // The subscriber below spaces the saves; the persister's own throttle would only hold each one back again.
    const persister = createAsyncStoragePersister({ storage, key: 'query-cache', throttleTime: 0 });
    try {
      await restore(persister, queryClient, maxAge, buster);
    } catch (error) {
      // Unreadable (damaged, or sealed under another key): start empty rather than trust it.
      console.warn('Thrive: the saved data could not be restored', error);
      await persister.removeClient();
    }
    if (wanted !== username) {
      storage.close();
      return;
    }
    const saving = subscribe(persister, queryClient, buster, throttleMs);
    active = { username, slot, storage, unsubscribe: saving.unsubscribe };
    // Whatever was fetched between sign-in and now.
    await saving.saveNow();
  }

  return {
    setUser(username) {
      wanted = username;
      if (active && active.username !== username) {
        const previous = stopWriting();
        if (previous) void enqueue(() => deleteVault(previous.slot));
      }
      if (active) return queue;
      return enqueue(async () => {
        if (wanted !== username || active) return;
        if (username === null || !enabled) {
          await deleteOtherVaults(null);
          return;
        }
        await start(username);
      });
    },
    wipeAll() {
      stopWriting();
      return enqueue(() => deleteOtherVaults(null));
    },
  };
}
