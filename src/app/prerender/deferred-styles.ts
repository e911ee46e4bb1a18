/**
 * The prerendered sign-in page inlines the rules its markup uses and links the
 * whole stylesheet for print, so that fetching it holds back no paint; the
 * build marks that link with this attribute (vite.config.ts).
 */
export const DEFERRED_STYLESHEET = 'data-deferred-stylesheet';

/** Makes the deferred stylesheet apply to the screen (loaded or still on its way), where the live app needs it. */
export function applyDeferredStylesheets(document: Document): void {
  document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET}]`).forEach((link) => {
    link.media = 'all';
  });
}
