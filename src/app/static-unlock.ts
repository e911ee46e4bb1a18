import { savedSessionEmail } from '@/lib/auth/saved-session-email';
import { deviceSettings, keepsTokensInTabOnly, persistsData } from '@/pwa/device-mode';

/** The template in index.html that holds the prerendered unlock screen (vite.config.ts). */
export const UNLOCK_TEMPLATE_ID = 'unlock-screen';
/** Stands in the prerendered screen's intro for the e-mail of the session, filled in on the device. */
export const EMAIL_PLACEHOLDER = '\u2060email\u2060';

/**
 * A start with a saved session, on a device that keeps data, opens on the
 * unlock screen (the data key is wrapped by the person's password): this shows
 * the prerendered one in `root` at once, with the session's e-mail, long
 * before the app has started, and marks it for the live app to take over
 * (src/lib/shell-handover.ts). Returns whether it did; without a session to
 * name, or on a device that keeps nothing, the app starts as before.
 */
export function showStaticUnlock(root: HTMLElement): boolean {
  const { mode } = deviceSettings();
  if (!persistsData(mode)) return false;
  const template = document.getElementById(UNLOCK_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return false;
  const email = savedSessionEmail(keepsTokensInTabOnly(mode) ? window.sessionStorage : window.localStorage);
  if (email === null) return false;
  const screen = template.content.cloneNode(true);
  if (!(screen instanceof DocumentFragment)) return false;
  const intro = screen.querySelector('[data-unlock-intro]');
  if (!intro?.textContent?.includes(EMAIL_PLACEHOLDER)) return false;
  intro.textContent = intro.textContent.replace(EMAIL_PLACEHOLDER, email);
  root.replaceChildren(screen);
  root.dataset.prerendered = 'unlock';
  // As the live screen does: the password can be typed at once (it carries over to the live field).
  root.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')?.focus();
  return true;
}
