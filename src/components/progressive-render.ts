import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';

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
 * A list's first `first` items at once, then `step` more in each background
 * render until all show, each its own commit: for a grid whose rows are each
 * costly to lay out (the schedule's lanes), where even the rest at once would
 * hold a slow tablet's main thread for seconds. Other items start again from
 * their head.
 */
export function useGrowingList<T>(items: readonly T[], first: number, step: number): readonly T[] {
  const [grown, setGrown] = useState({ items, count: first });
  // Other items (another kind of resource): from their head again, never a mix of the old and the new.
  const count = grown.items === items ? grown.count : first;
  if (grown.items !== items) setGrown({ items, count: first });
  useEffect(() => {
    if (count >= items.length) return;
    startTransition(() =>
      setGrown((current) => (current.items === items ? { items, count: current.count + step } : current)),
    );
  }, [items, count, step]);
  return useMemo(() => (count >= items.length ? items : items.slice(0, count)), [items, count]);
}

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
