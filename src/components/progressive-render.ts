import { useDeferredValue } from 'react';

/*
 * A screen's heavy parts rendered after its first commit, in a background
 * render (React's deferred value: it yields to input, and a newer render
 * replaces it). On a slow tablet a screen's frame and first rows then show
 * in a fraction of the time its whole content takes.
 */

/**
 * A long list's first `first` items at once, the rest right after. A page of
 * 50 rows with a menu each takes a slow tablet most of a second to render; its
 * first rows, the ones on screen, show in a fraction of it. A list that grows
 * later (other results) comes the same way; one that shrinks, at once.
 */
export function useProgressiveList<T>(items: readonly T[], first: number): readonly T[] {
  const shown = useDeferredValue(items.length, Math.min(items.length, first));
  return shown >= items.length ? items : items.slice(0, shown);
}

/** False in a screen's first render, true from the background render right after: for what may follow the frame. */
export function useAfterFirstCommit(): boolean {
  return useDeferredValue(true, false);
}
