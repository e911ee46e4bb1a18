import { useDeferredValue } from 'react';

/**
 * A long list's first `first` items at once, the rest in a background render
 * right after (React's deferred value: it yields to input). A page of 50 rows
 * with a menu each takes a slow tablet most of a second to render; its first
 * rows, the ones on screen, then show in a fraction of it. A list that grows
 * later (other results) comes the same way; one that shrinks, at once.
 */
export function useProgressiveList<T>(items: readonly T[], first: number): readonly T[] {
  const shown = useDeferredValue(items.length, Math.min(items.length, first));
  return shown >= items.length ? items : items.slice(0, shown);
}
