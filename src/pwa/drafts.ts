import { useEffect, useSyncExternalStore } from 'react';

/**
 * Screens that hold typed, unsaved work register it here, so 'Refresh Now'
 * (and closing or reloading the tab) warns before it is lost.
 *
 *   useUnsavedDraft(form.isDirty(), 'Visit notes');
 */

const drafts = new Map<symbol, string>();
const listeners = new Set<() => void>();
let snapshot: readonly string[] = [];

function changed(): void {
  snapshot = [...drafts.values()];
  for (const listener of listeners) listener();
  syncBeforeUnload();
}

export const draftRegistry = {
  /** Registers one draft under a label the warning names ('Visit notes'); returns its removal. */
  add(label: string): () => void {
    const id = Symbol(label);
    drafts.set(id, label);
    changed();
    return () => {
      if (drafts.delete(id)) changed();
    };
  },
  /** Labels of the unsaved drafts, one per draft. */
  getSnapshot: (): readonly string[] => snapshot,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Marks the calling screen as holding unsaved work while `unsaved` is true. */
export function useUnsavedDraft(unsaved: boolean, label = 'Unsaved changes'): void {
  useEffect(() => (unsaved ? draftRegistry.add(label) : undefined), [unsaved, label]);
}

export function useUnsavedDrafts(): readonly string[] {
  return useSyncExternalStore(draftRegistry.subscribe, draftRegistry.getSnapshot);
}

/** The browser's own "leave site?" prompt while a draft is unsaved; off once the user chose to leave anyway. */
let leavingOnPurpose = false;
let listening = false;

function warnBeforeUnload(event: BeforeUnloadEvent): void {
  if (leavingOnPurpose || drafts.size === 0) return;
  event.preventDefault();
}

function syncBeforeUnload(): void {
  if (typeof window === 'undefined') return;
  const want = drafts.size > 0;
  if (want && !listening) window.addEventListener('beforeunload', warnBeforeUnload);
  if (!want && listening) window.removeEventListener('beforeunload', warnBeforeUnload);
  listening = want;
}

/** The user has confirmed that the drafts may go (e.g. 'Refresh anyway'). */
export function discardDraftsOnLeave(): void {
  leavingOnPurpose = true;
}
