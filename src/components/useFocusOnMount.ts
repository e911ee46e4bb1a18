import { useEffect, useRef } from 'react';
import { focusWhenShown } from '@/lib/shell-handover';

/**
 * Moves focus to the element once it is shown: for a form that replaces the
 * one before it (each sign-in step), where focus would otherwise fall back to
 * the top of the page. Done from an effect, not with `autoFocus`, so it
 * happens once, when the step appears, and never on a later render; on a
 * prerendered page, when the live one takes its place.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ref.current) focusWhenShown(ref.current);
  }, []);
  return ref;
}
