import { Stack } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { ErrorBanner } from './ErrorBanner';

/** An error that concerns the whole page. */
export interface PageError {
  title?: string;
  message: string;
}

/** A page error as shown: one banner per message, however many sources raised it. */
export interface ShownPageError extends PageError {
  /** Puts this banner aside (every source of the same message); a later raise shows it again. */
  dismiss: () => void;
}

interface Raised extends PageError {
  dismissed: boolean;
}

export interface PageErrorStore {
  /** Shows `error` until the returned function withdraws it (or the person dismisses it). */
  raise: (error: PageError) => () => void;
  getSnapshot: () => readonly ShownPageError[];
  subscribe: (listener: () => void) => () => void;
}

/**
 * The page errors on screen. Two sources often report one cause (a page that
 * could not load because the API is unreachable): each message is shown once,
 * with the first title any of them gave.
 */
export function createPageErrorStore(): PageErrorStore {
  const raised: Raised[] = [];
  const listeners = new Set<() => void>();
  let snapshot: readonly ShownPageError[] = [];

  const changed = () => {
    const shown = new Map<string, ShownPageError>();
    for (const entry of raised) {
      if (entry.dismissed) continue;
      const earlier = shown.get(entry.message);
      // A source with a title says more ('This client could not be loaded') than one without.
      if (earlier && (earlier.title !== undefined || entry.title === undefined)) continue;
      const { message } = entry;
      shown.set(message, {
        ...(entry.title === undefined ? {} : { title: entry.title }),
        message,
        dismiss: () => {
          for (const other of raised) if (other.message === message) other.dismissed = true;
          changed();
        },
      });
    }
    snapshot = [...shown.values()];
    for (const listener of listeners) listener();
  };

  return {
    raise(error) {
      const entry: Raised = { ...error, dismissed: false };
      raised.push(entry);
      changed();
      return () => {
        const index = raised.indexOf(entry);
        if (index === -1) return;
        raised.splice(index, 1);
        changed();
      };
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page errors of this page; the signed-in shell shows them at the top. */
export const pageErrors: PageErrorStore = createPageErrorStore();

/**
 * Shows `error` at the top of the page while the calling component is on
 * screen (nothing while it is null). A new `cause` (the failure behind it, such
 * as a route's error) raises it anew, so a second failure shows again what the
 * person had dismissed.
 */
export function usePageError(error: PageError | null, cause?: unknown, store: PageErrorStore = pageErrors): void {
  const title = error?.title;
  const message = error?.message;
  useEffect(() => {
    if (message === undefined) return undefined;
    return store.raise({ ...(title === undefined ? {} : { title }), message });
  }, [store, title, message, cause]);
}

/** The banners of the page errors, stacked at the top of the page. Rendered once, by the shell. */
export function ErrorBannerArea({ store = pageErrors }: { store?: PageErrorStore }) {
  const shown = useSyncExternalStore(store.subscribe, store.getSnapshot);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="page-errors">
      {shown.map((error) => (
        <ErrorBanner
          key={error.message}
          {...(error.title === undefined ? {} : { title: error.title })}
          message={error.message}
          onDismiss={error.dismiss}
        />
      ))}
    </Stack>
  );
}
