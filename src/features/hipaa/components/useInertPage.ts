import { useEffect, type RefObject } from 'react';

/** The child of <body> that holds `node`: the app's root, beside the portals modals and toasts render into. */
function pageOf(node: HTMLElement): HTMLElement | null {
  let page = node;
  while (page.parentElement && page.parentElement !== document.body) page = page.parentElement;
  return page.parentElement === document.body ? page : null;
}

/**
 * What to make inert so that, of the page, only the dialog can be reached:
 * the whole page when the dialog is in a portal beside it (as Mantine renders
 * modals), else everything in the page that does not hold the dialog.
 */
export function elementsOutside(dialog: HTMLElement, page: HTMLElement): HTMLElement[] {
  if (!page.contains(dialog)) return [page];
  const outside: HTMLElement[] = [];
  for (let node = dialog; node !== page && node.parentElement; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling !== node && sibling instanceof HTMLElement) outside.push(sibling);
    }
  }
  return outside;
}

/**
 * While `dialog` is shown, the page that holds `anchor` is inert (no focus,
 * clicks or find-in-page) and hidden from screen readers; the dialog itself,
 * and the toasts and notices in their own portals, stay usable. `aria-hidden`
 * goes with `inert` for assistive technology and tools that do not know
 * `inert` yet.
 */
export function useInertPage(anchor: RefObject<HTMLElement | null>, dialog: HTMLElement | null): void {
  useEffect(() => {
    const page = anchor.current ? pageOf(anchor.current) : null;
    if (!page || !dialog) return;
    // What is inert already belongs to someone else, who restores it.
    const hidden = elementsOutside(dialog, page).filter((element) => !element.hasAttribute('inert'));
    for (const element of hidden) {
      element.setAttribute('inert', '');
      element.setAttribute('aria-hidden', 'true');
    }
    return () => {
      for (const element of hidden) {
        element.removeAttribute('inert');
        element.removeAttribute('aria-hidden');
      }
    };
  }, [anchor, dialog]);
}
