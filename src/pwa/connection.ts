import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { formatAge } from '@/lib/intl';

/**
 * TanStack Query learns about the network from `online`/`offline` events,
 * which do not fire for a page that starts offline: tell it at start, so
 * queries wait for the network (and then refetch) instead of failing.
 */
export function syncOnlineState(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

export interface ConnectionState {
  online: boolean;
  /** When the state last changed (or the page started). */
  since: number;
  /** Whether the device was offline at some point before the current state. */
  wasOffline: boolean;
}

let connection: ConnectionState | undefined;
const listeners = new Set<() => void>();
let stopListening: (() => void) | undefined;

/** Records a change of the network state once, then tells every listener. */
function onOnlineChange(online: boolean): void {
  const previous = connectionStore.getSnapshot();
  if (previous.online === online) return;
  connection = { online, since: Date.now(), wasOffline: previous.wasOffline || !online };
  for (const listener of listeners) listener();
}

/** TanStack Query's online state, with when it last changed (for "Back online" and the age of saved data). */
export const connectionStore = {
  getSnapshot: (): ConnectionState => {
    connection ??= { online: onlineManager.isOnline(), since: Date.now(), wasOffline: !onlineManager.isOnline() };
    return connection;
  },
  // One subscription to the onlineManager for all listeners: the state is shared, so a change must be
  // recorded once and then announced to every screen that listens, not only to the first.
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    stopListening ??= onlineManager.subscribe(onOnlineChange);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        stopListening?.();
        stopListening = undefined;
      }
    };
  },
};

const isOnline = () => connectionStore.getSnapshot().online;

/** Whether the device is online, as the app's queries see it; screens use it to say what needs the network. */
export function useOnline(): boolean {
  return useSyncExternalStore(connectionStore.subscribe, isOnline);
}

/** When the oldest data on screen (queries with an observer) was fetched; 0 when nothing is on screen. */
export function oldestDataOnScreen(queryClient: QueryClient): number {
  const times = queryClient
    .getQueryCache()
    .findAll()
    .filter((query) => query.getObserversCount() > 0)
    .map((query) => query.state.dataUpdatedAt)
    .filter((t) => t > 0);
  return times.length === 0 ? 0 : Math.min(...times);
}

/** The age of the oldest data on screen, if any. */
export function savedDataAge(queryClient: QueryClient, now: number): string | undefined {
  const oldest = oldestDataOnScreen(queryClient);
  return oldest === 0 ? undefined : formatAge(Math.max(0, now - oldest));
}

/** Calls `onReturn` each time the network comes back; returns the unsubscribe. */
export function whenBackOnline(onReturn: () => void): () => void {
  return onlineManager.subscribe((online) => {
    if (online) onReturn();
  });
}
