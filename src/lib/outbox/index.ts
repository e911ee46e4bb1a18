import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { OutboxItem } from './model';
import { createOutbox, type Outbox, type OutboxEnvironment, type OutboxSnapshot } from './outbox';

export { unsentFields, withUnsentChanges, type OutboxCounts, type OutboxItem } from './model';
export { sendThroughApi } from './send';
export type { Outbox, OutboxSnapshot };

let instance: Outbox | undefined;

/** Once the server has a change, the queries that show its record are fetched again. */
export function refreshWhenDelivered(queryClient: QueryClient) {
  return async (item: OutboxItem): Promise<void> => {
    await Promise.all(item.refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

/**
 * Once a courier delivered someone else's change: what shows its record is
 * out of date and is fetched when next shown, with that person's session,
 * not now (between two people, nobody may be signed in).
 */
export function markStaleWhenDelivered(queryClient: QueryClient) {
  return async (item: OutboxItem): Promise<void> => {
    await Promise.all(item.refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })));
  };
}

/** Creates the one outbox of this page; the app calls this once at start. */
export function initOutbox(env: OutboxEnvironment): Outbox {
  instance = createOutbox(env);
  return instance;
}

/** The one outbox. */
export function outbox(): Outbox {
  if (!instance) throw new Error('Thrive: the outbox was used before initOutbox().');
  return instance;
}

/** The signed-in author's unsent changes, kept current. */
export function useOutbox(): OutboxSnapshot {
  const box = outbox();
  return useSyncExternalStore(box.subscribe, box.getSnapshot);
}

/** The unsent changes of one record ('profile:<id>'). */
export function useUnsentChanges(record: string): readonly OutboxItem[] {
  const { items } = useOutbox();
  return useMemo(() => items.filter((item) => item.record === record), [items, record]);
}
