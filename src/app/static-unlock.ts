import { holdsSavedSession } from '@/lib/auth/saved-session';
import { deviceSettings, keepsTokensInTabOnly, persistsData } from '@/pwa/device-mode';

/** The template in index.html that holds the prerendered unlock screen (vite.config.ts). */
export const UNLOCK_TEMPLATE_ID = 'unlock-screen';

/**
 * Whether a start opens locked: a saved session on a device that keeps data
 * (the data key is wrapped by the person's password).
 */
export function startOpensLocked(): boolean {
  const { mode } = deviceSettings();
  return (
    persistsData(mode) && holdsSavedSession(keepsTokensInTabOnly(mode) ? window.sessionStorage : window.localStorage)
  );
}

/**
 * A start with a saved session, on a device that keeps data, opens on the
 * unlock screen: this shows the prerendered one in `root` at once, long
 * before the app has started (the live screen names the person once the
 * identity service has told it who: the ID token, which names them, is not
 * stored), and marks it for the
 * live app to take over (src/lib/shell-handover.ts). The screen comes from
 * index.html's template, or is in `root` already where the service worker
 * answered the start with it (src/pwa/locked-start.ts); there, a start that
 * does not open locked (the session gone since, which the worker's mark
 * missed) takes it away at once. Returns whether the screen shows; where it
 * does not, the app starts as before.
 */
export function showStaticUnlock(root: HTMLElement): boolean {
  const served = root.dataset.prerendered === 'unlock';
  const shown = startOpensLocked() && fillStaticUnlock(root, served);
  if (!shown && served) {
    root.replaceChildren();
    delete root.dataset.prerendered;
  }
  return shown;
}

function fillStaticUnlock(root: HTMLElement, served: boolean): boolean {
  let screen: ParentNode = root;
  if (!served) {
    const template = document.getElementById(UNLOCK_TEMPLATE_ID);
    if (!(template instanceof HTMLTemplateElement)) return false;
    const copy = template.content.cloneNode(true);
    if (!(copy instanceof DocumentFragment)) return false;
    screen = copy;
  }
  if (!screen.querySelector('form[aria-label="Unlock Thrive"]')) return false;
  if (screen !== root) root.replaceChildren(screen);
  root.dataset.prerendered = 'unlock';
  // As the live screen does: the password can be typed at once (it carries over to the live field).
  root.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')?.focus();
  return true;
}
