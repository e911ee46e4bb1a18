import { startTransition, useDeferredValue, useEffect, useState } from 'react';

/*
 * A screen's heavy parts rendered after its first commit, in a background
 * render that yields to input. On a slow tablet a screen's frame and first
 * rows then show in a fraction of the time its whole content takes.
 */

/**
 * A long list's first `first` items at once, the rest right after: when it
 * first shows, and again each time it is replaced (other results). A page of
 * 50 rows takes a slow tablet most of a second to render; its first rows, the
 * ones on screen, show in a fraction of it.
 */
export function useProgressiveList<T>(items: readonly T[], first: number): readonly T[] {
  // Until the background render has caught up with these very items, only their head.
  const caughtUp = useDeferredValue(items, NOTHING) === items;
  return caughtUp || items.length <= first ? items : items.slice(0, first);
}

const NOTHING: readonly never[] = [];

/**
 * False until the component's first commit, then true in a background render
 * (a transition: it yields to input, and a newer render replaces it): for
 * what may follow the frame. A part mounted by such a background render gets
 * its own, later one, so a screen can show its heading, then its controls,
 * then its heaviest part.
 */
export function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => startTransition(() => setCommitted(true)), []);
  return committed;
}
