import type { QueryClient } from '@tanstack/react-query';
import type { SessionSource } from '@/lib/auth/session';
import type { CachePersistence } from '@/lib/query/persist';
import { dataKeys } from '@/lib/storage/data-keys';
import { persistsData, storeDeviceSettings, type DeviceMode, type DeviceSettings } from './device-mode';
import { discardDraftsOnLeave } from './drafts';

/**
 * What the app keeps on this device, tied to the session: the persisted query
 * cache follows whoever is signed in, is deleted when they sign out (by the
 * button, an idle sign-out, a refused refresh or in another tab) and when
 * someone else signs in. While the person is locked (after a reload, until
 * they give their password) it is neither read nor deleted. The persistence
 * code (IndexedDB, WebCrypto) is loaded on its own, off the sign-in page's
 * critical path.
 */

let persistence: Promise<CachePersistence> | undefined;
/** The last change of user handed to the persistence, done or not. */
let settled: Promise<void> = Promise.resolve();

/** Resolves once the signed-in person's saved data is back in the cache (the unlock screen waits for it). */
export function localDataSettled(): Promise<void> {
  return settled.catch(() => undefined);
}

export interface LocalDataOptions {
  queryClient: QueryClient;
  session: SessionSource;
  settings: DeviceSettings;
  buildId: string;
}

/**
 * Starts following the session. Resolves once a signed-in user's saved data
 * is back in the query cache, so the first route's loader finds it (an
 * offline start). On a kiosk it resolves once whatever an earlier mode
 * persisted is deleted, however the device became a kiosk (the build's
 * default changed, or `changeDeviceMode`). Otherwise, when nobody is signed
 * in, it does not wait for the wipe.
 */
export async function startLocalData({ queryClient, session, settings, buildId }: LocalDataOptions): Promise<void> {
  persistence ??= Promise.all([import('@/lib/query/persist'), import('@/lib/query/persist-policy')]).then(
    ([{ createCachePersistence }, { PERSIST_MAX_AGE_MS }]) =>
      createCachePersistence({
        queryClient,
        buster: buildId,
        maxAge: settings.mode === 'personal' ? PERSIST_MAX_AGE_MS.personal : PERSIST_MAX_AGE_MS.shared,
        enabled: persistsData(settings.mode),
        keyOf: dataKeys.keyOf,
      }),
  );
  const ready = persistence;
  /** Whose data to show: a username, null for nobody, undefined while locked (leave everything as it is). */
  const userOf = (): string | null | undefined => {
    const state = session.getSnapshot();
    if (!state.authenticated) return null;
    return state.locked ? undefined : state.username;
  };
  let user = userOf();
  session.subscribe(() => {
    const next = userOf();
    if (next === user) return;
    user = next;
    if (next === undefined) return;
    // In order: a sign-out's wipe is never overtaken by the next sign-in's restore.
    settled = ready.then((p) => p.setUser(next));
  });
  const firstUser = user;
  const first = firstUser === undefined ? ready.then(() => undefined) : ready.then((p) => p.setUser(firstUser));
  settled = first;
  if (typeof user === 'string' || !persistsData(settings.mode)) {
    try {
      await first;
    } catch (error) {
      console.warn('Thrive: the saved data could not be loaded', error);
    }
  }
}

/** Deletes everything the app persisted on this device; resolves when it is gone. */
export async function wipeLocalData(): Promise<void> {
  const p = await persistence;
  await p?.wipeAll();
}

/**
 * Sets the mode of the device in hand (the backoffice's setting). Where the
 * tokens live is decided at start, so the current user is signed out, the
 * device's saved data deleted and the app restarted on the sign-in page.
 */
export async function changeDeviceMode(next: { mode: DeviceMode; idleMinutes?: number | null }): Promise<void> {
  storeDeviceSettings(next);
  const { signOut } = await import('@/lib/auth/amplify');
  await signOut();
  await wipeLocalData();
  discardDraftsOnLeave();
  window.location.replace('/login');
}
