/**
 * Whether this device can work offline: its service worker holds the whole app (precached at install). On a
 * device that never ran Thrive, that takes a moment after the first load; until then a screen not yet opened
 * cannot open offline. The service worker's registration reports here (service-worker.ts); the connection line
 * says it (ConnectionStatus.tsx). Kept apart from the registration so the line does not load workbox-window.
 */
export type OfflineReadiness = 'unknown' | 'preparing' | 'ready';

interface Snapshot {
  readiness: OfflineReadiness;
  /** When the device became ready in this page's life (ms), for a moment's "Ready to work offline"; 0 if it was already. */
  readySince: number;
}

let snapshot: Snapshot = { readiness: 'unknown', readySince: 0 };
const listeners = new Set<() => void>();

export const offlineReadiness = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): Snapshot => snapshot,
  /** The service worker is installing its first copy of the app on this device. */
  preparing: (): void => {
    if (snapshot.readiness === 'unknown') set({ readiness: 'preparing', readySince: 0 });
  },
  /** The app is all on this device; `justNow` when that happened while this page was open. */
  ready: (justNow: boolean): void => {
    if (snapshot.readiness !== 'ready') set({ readiness: 'ready', readySince: justNow ? Date.now() : 0 });
  },
};

function set(next: Snapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}
