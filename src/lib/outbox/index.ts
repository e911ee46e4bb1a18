import { useMemo, useSyncExternalStore } from 'react';
import type { OutboxItem } from './model';
import { createOutbox, type Outbox, type OutboxEnvironment, type OutboxSnapshot } from './outbox';

export {
  OUTBOX_MESSAGES,
  fieldConflicts,
  unsentFields,
  withUnsentChanges,
  type FieldConflict,
  type NewChange,
  type OutboxCounts,
  type OutboxItem,
} from './model';
export { sendThroughApi } from './send';
export type { Outbox, OutboxSnapshot };

let instance: Outbox | undefined;

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
