/**
 * Whether the next start of the app opens on the unlock screen, told to the
 * service worker. A start with a saved session on a personal device always
 * opens locked (the data key is wrapped by the person's password); knowing it,
 * the worker answers the start with the document that already holds the
 * unlock screen and the rules it uses (`LOCKED_START_DOCUMENT`), which paints
 * before any script has run. The page's first script still checks the session
 * and fills in its e-mail (src/app/static-unlock.ts).
 *
 * The mark holds nothing of the person: it only says that a start opens
 * locked. It is kept only where the session itself is kept on the disk (a
 * personal device): a shared tablet's session lives in its tab, which the
 * worker cannot see.
 *
 * Used by the page and by the service worker alike: no DOM here.
 */

/** Built beside index.html (vite.config.ts) and precached with it. */
export const LOCKED_START_DOCUMENT = 'locked-start.html';

const MARK_CACHE = 'thrive-locked-start';
const MARK_URL = '/locked-start';

/** Cache Storage exists only in secure contexts (https, localhost). */
const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/** Sets or clears the mark. Never throws: without it, a start is only slower. */
export async function markLockedStart(locked: boolean): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  try {
    if (locked) {
      const cache = await storage.open(MARK_CACHE);
      await cache.put(MARK_URL, new Response(null, { status: 204 }));
    } else {
      await storage.delete(MARK_CACHE);
    }
  } catch (error) {
    console.warn('Thrive: the start could not be marked', error);
  }
}

/** Whether the mark is set: read by the service worker at each start. */
export async function startsLocked(): Promise<boolean> {
  // Looked up in the mark's cache alone, which this does not create when it is missing.
  const mark = await cacheStorage()?.match(MARK_URL, { cacheName: MARK_CACHE });
  return mark !== undefined;
}
