import { useEffect, useRef } from 'react';

/**
 * Moves focus to the element once it is shown: for a form that replaces the
 * one before it (each sign-in step), where focus would otherwise fall back to
 * the top of the page. Done from an effect, not with `autoFocus`, so it
 * happens once, when the step appears, and never on a later render.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
